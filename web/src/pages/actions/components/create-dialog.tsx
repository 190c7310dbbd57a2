import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Modal from '@cloudscape-design/components/modal';
import {
  CREATE_ACTION_TEXTS,
  DEFAULT_ACTION_PRIORITY,
  defaultActionDueDate,
  type Action,
  type ActionChangeInput,
} from '@kehila/shared';
import { routes } from '../../../api/routes';
import { useCallApi } from '../../../api/use-call-api';
import { useToast } from '../../../components/toast/use-toast';
import { ACTIONS_TEXTS } from '../actions-texts';
import { actionFailureText, actionsKeys } from '../use-actions';
import { EditForm } from './action-dialog';

/**
 * Create Action on the Actions screen (S2 §2.3, §5): the edit form, empty, due in 24 hours, priority
 * medium; saved as the caller's manual action.
 */
export function CreateDialog({ communityId, onClose, onCreated }: { communityId: string; onClose: () => void; onCreated: () => void }) {
  const callApi = useCallApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [blank] = useState<Action>(() => ({
    action_id: '',
    group_id: '',
    user_id: null,
    title: '',
    details: null,
    due_date: defaultActionDueDate(new Date()),
    priority: DEFAULT_ACTION_PRIORITY,
    status: 'pending',
    assigned_to: null,
    evidence: null,
    source: 'manual',
    created_at: new Date().toISOString(),
    reminder_ts: null,
    message_refs: [],
  }));
  const create = useMutation({
    mutationFn: (change: Extract<ActionChangeInput, { kind: 'edit' }>) => {
      const { kind: _kind, ...form } = change;
      return callApi(routes.createAction, { params: { communityId }, body: form });
    },
    onSuccess: async () => {
      toast.success(CREATE_ACTION_TEXTS.created);
      await queryClient.invalidateQueries({ queryKey: actionsKeys.all(communityId) });
      onCreated();
      onClose();
    },
    onError: (err) => toast.error(actionFailureText(err, CREATE_ACTION_TEXTS.createFailed)),
  });
  return (
    <Modal visible closeAriaLabel="Close" onDismiss={onClose} size="large" header={ACTIONS_TEXTS.create}>
      <EditForm
        action={blank}
        saving={create.isPending}
        onCancel={onClose}
        onSave={(change) => {
          if (change.kind === 'edit') create.mutate(change);
        }}
      />
    </Modal>
  );
}
