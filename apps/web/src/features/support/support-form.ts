// The support form's rules (spec sections 5 and 8), as pure functions.
import { QNA_BOARD_CD, type TCreateQnaRequest } from '@velvet/contracts/support/create-qna';
import { SUPPORT_OPTIONS, type SupportOption } from '@velvet/contracts/options';

export const SUPPORT_MESSAGES = {
  optionRequired: 'Please select a contact option',
  detailsRequired: 'Please provide inquiry details',
  submitted: 'Your inquiry has been submitted successfully.',
  failed: 'An error occurred while submitting an inquiry.',
} as const;

export interface SupportFields {
  /** '' until an option is chosen. */
  option: string;
  details: string;
}

export interface SupportErrors {
  option?: string;
  details?: string;
}

export const EMPTY_SUPPORT_FIELDS: SupportFields = { option: '', details: '' };

export function isSupportOption(value: string): value is SupportOption {
  return SUPPORT_OPTIONS.some((option) => option.value === value);
}

/** Every problem of the form at once; {} when it may be sent. */
export function validateSupport({ option, details }: SupportFields): SupportErrors {
  const errors: SupportErrors = {};
  if (!isSupportOption(option)) errors.option = SUPPORT_MESSAGES.optionRequired;
  if (!details.trim()) errors.details = SUPPORT_MESSAGES.detailsRequired;
  return errors;
}

export function hasErrors(errors: SupportErrors): boolean {
  return Boolean(errors.option || errors.details);
}

/** After an edit, an error goes away once that field is fixed (other errors stay). */
export function clearFixedErrors(errors: SupportErrors, fields: SupportFields): SupportErrors {
  const now = validateSupport(fields);
  return {
    ...(errors.option && now.option ? { option: errors.option } : {}),
    ...(errors.details && now.details ? { details: errors.details } : {}),
  };
}

/** The body of POST /api/qna: board_title is the option's value (general, technical, ...). */
export function supportRequest(option: SupportOption, details: string): TCreateQnaRequest {
  return { board_cd: QNA_BOARD_CD, board_title: option, contents: details.trim() };
}
