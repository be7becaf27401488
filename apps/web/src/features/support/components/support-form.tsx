// Customer Support form (spec sections 2, 5 and 8): a contact option and the inquiry details. Sending
// needs a member (otherwise the login modal opens and nothing is sent); each inline error clears once
// its field is fixed; success clears the form.
import { useRef, useState, type FormEvent } from 'react';
import { LIMITS, POLICY } from '@velvet/contracts/catalog';
import { SUPPORT_OPTIONS } from '@velvet/contracts/options';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextAreaField } from '../../../components/ui/form.tsx';
import { ClockIcon, SendIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { Notify } from '../../../lib/notify.ts';
import { useCreateQnaMutation } from '../api.ts';
import {
  EMPTY_SUPPORT_FIELDS,
  SUPPORT_MESSAGES,
  clearFixedErrors,
  hasErrors,
  isSupportOption,
  supportRequest,
  validateSupport,
  type SupportErrors,
  type SupportFields,
} from '../support-form.ts';
import styles from './support-form.module.css';

export interface SupportFormProps {
  isLoggedIn: boolean;
  onLoginRequired: () => void;
  notify: Notify;
  /** After a request was sent (the list of the member's requests reads again). */
  onSent?: () => void;
}

export function SupportForm({ isLoggedIn, onLoginRequired, notify, onSent }: SupportFormProps) {
  const [createQna, { isLoading }] = useCreateQnaMutation();
  const [fields, setFields] = useState<SupportFields>(EMPTY_SUPPORT_FIELDS);
  const [errors, setErrors] = useState<SupportErrors>({});
  const inFlight = useRef(false);
  const optionRef = useRef<HTMLSelectElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);

  const change = (patch: Partial<SupportFields>) => {
    const next = { ...fields, ...patch };
    setFields(next);
    setErrors((current) => clearFixedErrors(current, next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!isLoggedIn) return onLoginRequired();
    const problems = validateSupport(fields);
    setErrors(problems);
    if (hasErrors(problems) || !isSupportOption(fields.option)) {
      (problems.option ? optionRef : detailsRef).current?.focus();
      return;
    }
    inFlight.current = true;
    try {
      await createQna(supportRequest(fields.option, fields.details)).unwrap();
      notify.success(SUPPORT_MESSAGES.submitted);
      setFields(EMPTY_SUPPORT_FIELDS);
      onSent?.();
    } catch {
      notify.error(SUPPORT_MESSAGES.failed, { alert: true });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form className={styles.card} onSubmit={(event) => void onSubmit(event)} noValidate data-testid="support-form">
      <SelectField
        ref={optionRef}
        id="support-option"
        label="Contact Options"
        name="board_title"
        value={fields.option}
        onChange={(event) => change({ option: event.target.value })}
        error={errors.option}
        disabled={isLoading}
      >
        <option value="" disabled>
          Select a contact option
        </option>
        {SUPPORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>

      <TextAreaField
        ref={detailsRef}
        id="support-details"
        label="Inquiry details"
        name="contents"
        rows={6}
        maxLength={LIMITS.qnaContentsMaxLength}
        placeholder="Tell us what happened, what you expected, and anything that helps us help you."
        value={fields.details}
        onChange={(event) => change({ details: event.target.value })}
        error={errors.details}
        hint={`${fields.details.length.toLocaleString('en-US')} / ${LIMITS.qnaContentsMaxLength.toLocaleString('en-US')}`}
        disabled={isLoading}
      />

      <div className={styles.footer}>
        <p className={styles.promise}>
          <ClockIcon size={18} />
          We will respond to your inquiry within {POLICY.supportResponseHours} hours.
        </p>
        <Button type="submit" variant="primary" size="lg" disabled={isLoading} className={styles.submit}>
          {isLoading ? <Spinner size={18} /> : <SendIcon size={18} />}
          Submit
        </Button>
      </div>
    </form>
  );
}
