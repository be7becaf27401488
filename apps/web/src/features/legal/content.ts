// The text of the Terms and Policies page (spec sections 2 and 9). Every figure comes from POLICY in
// the contracts, so the FAQ, the legal text and the server never disagree. A section's content may
// hold several paragraphs separated by a blank line.
import { POLICY } from '@velvet/contracts/catalog';
import type { TLegalSection } from '@velvet/contracts/entities';
import type { TermsTab } from '../../config/paths.ts';

const AGE = POLICY.minimumAge;
const SUPPORT_HOURS = POLICY.supportResponseHours;

const coinsRefundPolicy = POLICY.coinsRefundable
  ? 'Unused coins may be refunded on request.'
  : 'Coins are non-refundable: they have no cash value, cannot be exchanged for money and are not refunded, including when an account is closed.';

export const PRIVACY_POLICY: readonly TLegalSection[] = [
  {
    title: '1. Who We Are',
    content:
      'Velvet is an adults-only service for creating AI images from text prompts and sharing them in public galleries. This Privacy Policy explains what personal data we collect when you use the Velvet website and services, why we collect it, how long we keep it and the choices you have.\n\nBy using Velvet you acknowledge the practices described here. If you do not agree, please do not use the service.',
  },
  {
    title: '2. Information We Collect',
    content:
      'Account information: your email address, the nickname you choose and your password, which we store only as a secure one-way hash. If you sign in with Google we receive your name, email address and profile picture from Google; we never receive your Google password.\n\nContent you create: the prompts you enter, the settings you choose and the images generated for you, including whether you publish, like, download or claim them.\n\nPayment information: the plan or coin pack you buy and the status of each payment. Card details are entered with and processed by our payment providers; we never see or store your full card number. For cryptocurrency payments we record the deposit address and amount.\n\nSupport messages: the contact option and the details you send us.\n\nTechnical information: your IP address, browser type and the pages you visit, used to keep the service secure and working.',
  },
  {
    title: '3. How We Use Your Information',
    content:
      'We use your information to create and run your account, generate and store your images, show your published images in the public gallery, keep your coin balance and membership up to date, process payments and claims, answer your support requests, prevent fraud and abuse, enforce our Terms and comply with the law.\n\nWe do not use your private prompts or unpublished images for advertising, and we do not sell your personal data.',
  },
  {
    title: '4. Sharing Your Information',
    content:
      'We share personal data only with providers that help us run Velvet (hosting, storage, image generation, payment processing and email), under contracts that limit their use of it to providing their service to us. We may also disclose information when the law requires it, to protect the rights and safety of our users and others, or as part of a merger or sale of the business, in which case this policy continues to apply.\n\nImages you publish are visible to everyone who visits the public gallery, together with their prompt and like count.',
  },
  {
    title: '5. Data Retention',
    content: `We keep your personal data for as long as your account exists, until you request its deletion. You can delete your account at any time from the Manage Account page, or ask us to delete your data through Customer Support. After deletion we remove your profile, prompts and images, except for records we must keep by law (such as payment records for tax purposes), which we keep only for the period the law requires.`,
  },
  {
    title: '6. Your Rights and Choices',
    content: `Depending on where you live, you may have the right to access the personal data we hold about you, correct it, receive a copy of it, object to or restrict how we use it, and have it deleted. To exercise any of these rights, contact us through Customer Support. We handle privacy requests within ${POLICY.privacyResponse} of receiving them, and we may ask you to confirm your identity first.\n\nYou can change your nickname at any time from the Manage Account page.`,
  },
  {
    title: '7. Cookies and Local Storage',
    content:
      'Velvet stores a small amount of information in your browser: your session token so that you stay signed in, your theme choice, and your confirmation that you are an adult. We do not use this storage to track you across other websites. Clearing your browser storage signs you out and shows the age confirmation again.',
  },
  {
    title: '8. Adults Only',
    content: `Velvet is intended only for people aged ${AGE} or older. We do not knowingly collect personal data from anyone under ${AGE}. If we learn that an account belongs to someone under ${AGE}, we close it and delete its data.`,
  },
  {
    title: '9. Security and Changes to This Policy',
    content:
      'We protect your data with encryption in transit, hashed passwords and restricted access to our systems. No service can promise perfect security, so please use a strong, unique password.\n\nWe may update this Privacy Policy from time to time. When we make significant changes we will tell you on the site; the date at the top of this page shows when it last changed.',
  },
];

export const TERMS_AND_CONDITIONS: readonly TLegalSection[] = [
  {
    title: '1. Acceptance of Terms',
    content:
      'These Terms & Conditions govern your use of the Velvet website and services. By creating an account, buying a membership or coins, or otherwise using Velvet, you agree to these Terms and to our Privacy Policy. If you do not agree, do not use the service.',
  },
  {
    title: '2. Eligibility',
    content: `Velvet contains sexually explicit material and is for adults only. You must be at least ${AGE} years old (and of legal age to view such material where you live) to visit or use the service. By registering you confirm that you are ${AGE} or older. We close any account that we believe belongs to someone under ${AGE}.`,
  },
  {
    title: '3. Accounts and Guest Access',
    content:
      'Guests may browse parts of the site, such as the public Explore gallery, without an account, but must register to create content: generating, liking, downloading, publishing and claiming images, buying plans or coins and contacting support all require a registered account.\n\nYou are responsible for keeping your password safe and for everything that happens under your account. Tell us straight away if you suspect someone else has used it.',
  },
  {
    title: '4. Acceptable Use',
    content:
      "You must not use Velvet to create, request or share content that depicts or suggests minors, that depicts a real, identifiable person without their consent, that is non-consensual, that promotes violence or hatred, or that is otherwise illegal where you live. You must not try to get around our prompt filters, disrupt the service, scrape it or access other members' accounts.\n\nWe may remove content and suspend or close accounts that break these rules, without refund.",
  },
  {
    title: '5. Memberships, Coins and Free Trial',
    content: `Generating images costs coins. Coins come with a membership plan or can be bought in packs, and the price of each generation is shown before you confirm it. New members can try Velvet with a ${POLICY.freeTrialDays}-day free trial.\n\n${coinsRefundPolicy} If a generation fails, you may claim it, and the coins it cost are automatically recharged within ${SUPPORT_HOURS} hours once the claim is accepted.`,
  },
  {
    title: '6. Payments and Refunds',
    content: `Prices are shown in US dollars. Memberships are billed monthly or yearly, as you choose, through our card or cryptocurrency payment providers.\n\nMemberships come with a ${POLICY.moneyBackDays}-day money-back guarantee: if you are not satisfied, contact Customer Support within ${POLICY.moneyBackDays} days of your first payment for a full refund of the membership fee. Refund disputes must be raised within ${POLICY.refundDisputeDays} days of the charge in question. Coins, as explained above, are not refundable.`,
  },
  {
    title: '7. Your Content and Our Service',
    content:
      'You keep whatever rights you have in your prompts. Subject to these Terms, you may use the images generated for you for personal purposes. When you publish an image to the public gallery, you allow us to display it there, with its prompt, until you unpublish or delete it.\n\nThe Velvet name, logo, software and design belong to us and may not be copied without permission. The service is provided "as is"; AI-generated images can be unexpected or imperfect, and we do not guarantee any particular result.',
  },
  {
    title: '8. Limitation of Liability',
    content: `To the fullest extent the law allows, Velvet is not liable for indirect, incidental or consequential losses, and our total liability to you for any claim relating to the service is limited to US$${POLICY.liabilityCapUsd}.`,
  },
  {
    title: '9. Termination',
    content:
      'You may stop using Velvet and delete your account at any time from the Manage Account page. Deleting your account is permanent: your images and remaining coins are lost, you can no longer log in, and the same email address cannot be used to register again. We may suspend or end your access if you break these Terms.',
  },
  {
    title: '10. Governing Law and Disputes',
    content: `These Terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. Any dispute arising from these Terms or the service that we cannot resolve together will be settled by binding arbitration in ${POLICY.arbitration}, on an individual basis.`,
  },
  {
    title: '11. Support and Changes to These Terms',
    content: `Questions about these Terms, your account or a payment are welcome through the Customer Support page; our support team replies within ${SUPPORT_HOURS} hours.\n\nWe may change these Terms from time to time. We will announce significant changes on the site, and by continuing to use Velvet after they take effect you accept the updated Terms.`,
  },
];

export interface LegalDocument {
  tab: TermsTab;
  label: string;
  sections: readonly TLegalSection[];
}

/** The two tabs, Privacy Policy first (the default). */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [
  { tab: 'privacy', label: 'Privacy Policy', sections: PRIVACY_POLICY },
  { tab: 'terms', label: 'Terms & Conditions', sections: TERMS_AND_CONDITIONS },
];

export const LEGAL_LAST_UPDATED = `Last updated: ${POLICY.legalLastUpdated}`;

/** The tab named by ?tab=; anything else shows the Privacy Policy. */
export function parseTermsTab(value: string | null | undefined): TermsTab {
  return value === 'terms' ? 'terms' : 'privacy';
}

/** A section's paragraphs. */
export function paragraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
