// How a feature reports an outcome to the user without knowing how it is shown: the route passes one
// in (the app shows them as toasts: success green, error red).
export interface Notify {
  success(message: string): void;
  error(message: string): void;
}
