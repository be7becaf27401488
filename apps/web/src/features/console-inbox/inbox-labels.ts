// Labels the Inbox shows for stored values.
import type { TInboxStatus } from '@velvet/contracts/admin/inbox';
import { SUPPORT_OPTIONS } from '@velvet/contracts/options';

export const INBOX_STATUS_LABELS: Record<TInboxStatus, string> = { new: 'New', answered: 'Answered', closed: 'Closed' };

/** 'Billing Issues' for 'billing' (the support form's own labels). */
export function optionLabel(value: string): string {
  return SUPPORT_OPTIONS.find((option) => option.value === value)?.label ?? value;
}
