import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { PublicPage } from '../components/public-page';
import { routeErrorText } from './route-error-text';

export { routeErrorText };

/** Shown when a screen throws or its code fails to load (e.g. after a deploy): says so and offers a reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return (
    <PublicPage narrow>
      <Alert
        type="error"
        header={routeErrorText.title}
        action={<Button onClick={() => window.location.reload()}>{routeErrorText.refresh}</Button>}
      >
        {error instanceof Error ? <span dir="auto">{error.message}</span> : null}
      </Alert>
    </PublicPage>
  );
}
