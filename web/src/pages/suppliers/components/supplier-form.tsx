import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import {
  SUPPLIER_FORM_MESSAGES,
  SupplierFormSchema,
  filterSupplierPhoneInput,
  validateForm,
  type FieldErrors,
  type SupplierFormInput,
  type SupplierView,
} from '@kehila/shared';
import { useToast } from '../../../components/toast/use-toast';
import { SUPPLIERS_TEXTS } from '../suppliers-texts';

type TextField = Exclude<keyof SupplierFormInput, 'is_reservist_special'>;
type Values = Record<TextField, string> & { is_reservist_special: boolean };

const T = SUPPLIERS_TEXTS.form;

/** The form's fields in the S3 §2 order, with their labels and kinds. */
const FIELDS: readonly { key: TextField; label: string; multiline?: boolean; type?: 'tel' | 'url' }[] = [
  { key: 'supplier_name', label: T.name },
  { key: 'service_type', label: T.serviceType },
  { key: 'contact_person', label: T.contact },
  { key: 'phone_number', label: T.phone, type: 'tel' },
  { key: 'website', label: T.website, type: 'url' },
  { key: 'description', label: T.description, multiline: true },
  { key: 'recommender_name', label: T.recommender },
  { key: 'recommendation_context', label: T.context, multiline: true },
  { key: 'social_media', label: T.social },
  { key: 'other_contact_info', label: T.other },
];

function valuesOf(s: SupplierView | null): Values {
  const text = (k: TextField) => (s ? (s[k] ?? '') : '');
  return {
    ...(Object.fromEntries(FIELDS.map((f) => [f.key, text(f.key)])) as Record<TextField, string>),
    is_reservist_special: s?.is_reservist_special ?? false,
  };
}

/**
 * The Add Supplier form (S3 §2, §5), also used to edit: the name is required (2+ characters), the
 * phone keeps only digits, spaces, parentheses, plus and hyphens and must then hold 10-15 digits;
 * empty optional fields are sent as null (the schema does it, on both sides).
 */
export function SupplierForm({
  initial,
  submitLabel,
  submittingLabel,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial: SupplierView | null;
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  onSubmit: (body: SupplierFormInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: TextField, value: string) => {
    setValues((v) => ({ ...v, [key]: key === 'phone_number' ? filterSupplierPhoneInput(value) : value }));
    setErrors((e) => {
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };
  const submit = async () => {
    const result = validateForm(SupplierFormSchema, values);
    if (!result.valid) {
      setErrors(result.errors);
      // S3 §5: adding with no name also toasts the same text.
      if (result.errors.supplier_name) toast.error(SUPPLIER_FORM_MESSAGES.nameRequired);
      return;
    }
    try {
      await onSubmit(result.data);
      if (!initial) setValues(valuesOf(null));
    } catch {
      // the mutation toasts the failure; the form keeps what was typed
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            {onCancel && (
              <Button formAction="none" variant="link" onClick={onCancel}>
                {SUPPLIERS_TEXTS.cancel}
              </Button>
            )}
            <Button variant="primary" loading={submitting} loadingText={submittingLabel} disabled={submitting}>
              {submitting ? submittingLabel : submitLabel}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <ColumnLayout columns={2} minColumnWidth={260}>
            {FIELDS.filter((f) => !f.multiline).map((f) => (
              <FormField key={f.key} label={f.label} errorText={errors[f.key]}>
                <Input
                  value={values[f.key]}
                  onChange={({ detail }) => set(f.key, detail.value)}
                  inputMode={f.type === 'tel' ? 'tel' : f.type === 'url' ? 'url' : 'text'}
                  ariaRequired={f.key === 'supplier_name'}
                  invalid={Boolean(errors[f.key])}
                />
              </FormField>
            ))}
          </ColumnLayout>
          {FIELDS.filter((f) => f.multiline).map((f) => (
            <FormField key={f.key} label={f.label} errorText={errors[f.key]} stretch>
              <Textarea value={values[f.key]} onChange={({ detail }) => set(f.key, detail.value)} rows={3} />
            </FormField>
          ))}
          <Checkbox
            checked={values.is_reservist_special}
            onChange={({ detail }) => setValues((v) => ({ ...v, is_reservist_special: detail.checked }))}
          >
            {T.reservist}
          </Checkbox>
        </SpaceBetween>
      </Form>
    </form>
  );
}
