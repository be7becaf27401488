// The FAQ of the subscription and coin pages (spec sections 2 and 9). Every figure comes from POLICY
// and the catalogue in the contracts, so the FAQ, the legal text and the server never disagree. The
// accordion keeps at most one item open.
import { COIN_PACKS, CRYPTO, POLICY } from '@velvet/contracts/catalog';
import type { TFaqItem } from '@velvet/contracts/entities';
import { CRYPTO_COIN_NAMES } from './coins.ts';

const coinNames = CRYPTO.coins.map((coin) => CRYPTO_COIN_NAMES[coin]);
const cryptoList = `${coinNames.slice(0, -1).join(', ')} or ${coinNames[coinNames.length - 1]}`;
const packList = COIN_PACKS.map((pack) => `${pack.amount.toLocaleString('en-US')} coins for $${pack.price}`);

const COINS_NON_REFUNDABLE = POLICY.coinsRefundable
  ? 'Unused coins may be refunded on request through Customer Support.'
  : 'Coins are non-refundable: they have no cash value and cannot be exchanged for money. If a generation fails, claim the image and its coins are recharged automatically.';

const SUPPORT = `Write to us from the Customer Support page; we reply within ${POLICY.supportResponseHours} hours.`;

const AGE: TFaqItem = {
  question: 'Who can use Velvet?',
  answer: `Velvet is for adults only. You must be ${POLICY.minimumAge} or older (and of legal age to view adult material where you live) to create an account, buy a membership or buy coins.`,
};

const LIABILITY: TFaqItem = {
  question: 'Is there a limit to your liability?',
  answer: `Yes. To the fullest extent the law allows, our total liability to you for any claim relating to the service is limited to US$${POLICY.liabilityCapUsd}. Disputes we cannot resolve together are settled by arbitration in ${POLICY.arbitration}, as our Terms and Policies explain.`,
};

const CONTACT: TFaqItem = {
  question: 'How do I get help with a payment?',
  answer: `${SUPPORT} Choose Billing Issues and include the plan or pack, the payment method and, for crypto, the deposit address.`,
};

export const SUBSCRIPTION_FAQ: readonly TFaqItem[] = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. New members can try Velvet with a ${POLICY.freeTrialDays}-day free trial before choosing a plan.`,
  },
  {
    question: 'What is the difference between monthly and yearly billing?',
    answer: `Monthly billing adds the monthly coins to your balance each month you pay. Yearly billing is paid for twelve months at once, adds the yearly coins straight away and costs less per month.`,
  },
  {
    question: 'What is your refund policy?',
    answer: `Memberships come with a ${POLICY.moneyBackDays}-day money-back guarantee: if you are not satisfied, contact Customer Support within ${POLICY.moneyBackDays} days of your first payment for a full refund of the membership fee. Refund disputes must be raised within ${POLICY.refundDisputeDays} days of the charge.`,
  },
  {
    question: 'Are coins refundable?',
    answer: COINS_NON_REFUNDABLE,
  },
  {
    question: 'How can I pay?',
    answer: `By credit card where card payments are available, or in cryptocurrency: ${cryptoList}. For crypto you create a deposit address, send the amount shown, and your plan starts once the deposit is confirmed on the network.`,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. Buying a plan while a membership is running switches you to that plan and adds its time to your current end date, so no paid time is lost. Memberships do not renew on their own, and you keep your coins when a membership ends.',
  },
  AGE,
  LIABILITY,
  CONTACT,
];

export const COIN_FAQ: readonly TFaqItem[] = [
  {
    question: 'What are coins?',
    answer:
      'Coins pay for image generation. The cost of each generation is shown on the Generate button before you confirm it, and your balance is always visible at the top of the page.',
  },
  {
    question: 'When do I receive my coins?',
    answer: `Coins are provided immediately after a card payment, and as soon as a crypto deposit is confirmed on the network. Packs: ${packList.join('; ')}.`,
  },
  {
    question: 'Do coins expire?',
    answer: 'No. Bought coins stay in your balance, including after a membership ends.',
  },
  {
    question: 'Are coins refundable?',
    answer: COINS_NON_REFUNDABLE,
  },
  {
    question: 'What if my crypto deposit is late or short?',
    answer: `Send exactly the amount shown before the address expires. If a deposit arrives late or is less than requested, our support team will contact you. ${SUPPORT}`,
  },
  AGE,
  LIABILITY,
  CONTACT,
];

/** Which FAQ item is open: null when none. */
export type OpenFaqItem = number | null;

/** Clicking an item opens it and closes any other; clicking the open item closes it. */
export function toggleFaqItem(open: OpenFaqItem, clicked: number): OpenFaqItem {
  return open === clicked ? null : clicked;
}
