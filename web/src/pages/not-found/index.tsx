import Box from '@cloudscape-design/components/box';
import { AppLink } from '../../components/app-link';
import { PublicPage } from '../../components/public-page';

/** S1 §2: the text of the 404 page. */
export const notFoundText = { title: 'Oops! Page not found', home: 'Return to Home' } as const;

/** The 404 page for any path outside the route table (S1 §2): 'Oops! Page not found' and a link home. */
export default function NotFoundPage() {
  return (
    <PublicPage narrow>
      <Box textAlign="center" padding={{ top: 'xxxl' }}>
        <Box variant="h1" fontSize="display-l" fontWeight="bold">
          404
        </Box>
        <Box variant="p" fontSize="heading-m" color="text-body-secondary" padding={{ vertical: 'm' }}>
          {notFoundText.title}
        </Box>
        <AppLink to="/" fontSize="heading-s">
          {notFoundText.home}
        </AppLink>
      </Box>
    </PublicPage>
  );
}
