import { useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { SUMMARY_TEXTS } from '../use-ai-summary';

/**
 * What stays under the summary card after Suggest Actions (S2 §8): '{n} actions suggested
 * successfully!' with a View Actions link to /actions, until dismissed (the toast goes after a few
 * seconds). The Messages screen and the Dashboard show it.
 */
export function SuggestedActionsNotice({ count, onDismiss }: { count: number; onDismiss: () => void }) {
  const navigate = useNavigate();
  return (
    <Alert
      type="success"
      dismissible
      onDismiss={onDismiss}
      action={
        <Button
          href="/actions"
          onFollow={(e) => {
            e.preventDefault();
            navigate('/actions');
          }}
        >
          {SUMMARY_TEXTS.viewActions}
        </Button>
      }
    >
      {SUMMARY_TEXTS.suggested(count)}
    </Alert>
  );
}
