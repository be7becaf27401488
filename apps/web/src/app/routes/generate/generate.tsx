// The generation screen fills the full height without padding (the layout handles that on
// /generate); controls and results come with the generation work.
import styles from './generate.module.css';

export function Component() {
  return (
    <div className={styles.screen}>
      <title>Generate Images · Velvet</title>
      <h1 className={styles.title}>Generate Images</h1>
    </div>
  );
}
