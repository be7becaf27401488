// A suspended account (support console, docs/support.md "Members"): sign-in and every token are
// refused until support restores it. The same words wherever the refusal happens.

export const SUSPENDED_MESSAGE = 'This account is suspended. Please contact support.';
