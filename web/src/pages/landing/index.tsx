import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import { paths } from '../../navigation/paths';
import { NotBuiltYet } from '../../components/not-built-yet';
import { PublicPage } from '../../components/public-page';

/** Landing page (S3 §2 "Landing page"); not built yet, but it already leads to sign-in. */
export default function LandingPage() {
  const navigate = useNavigate();
  return (
    <PublicPage>
      <NotBuiltYet
        screen="Landing page"
        actions={
          <Button
            variant="primary"
            href={paths.login}
            onFollow={(e) => {
              e.preventDefault();
              navigate(paths.login);
            }}
          >
            Sign In
          </Button>
        }
      />
    </PublicPage>
  );
}
