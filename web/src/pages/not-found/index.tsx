import { useLocation } from 'react-router-dom';
import { NotFoundContent } from '../../public/not-found-page';
import { useRouteLang } from '../../public/use-route-lang';

/** The 404 page for any path outside the route table (S1 §2): 'Oops! Page not found' and a link home. */
export default function NotFoundPage() {
  return <NotFoundContent lang={useRouteLang()} path={useLocation().pathname} />;
}
