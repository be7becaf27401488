import { ContentLayout } from '../../../components/layouts/content-layout.tsx';

export function Component() {
  return (
    <ContentLayout eyebrow="Coin packs" title="Top Up on Coins. Recharge Your Creativity!" documentTitle="Coin packs" />
  );
}
