/** A locale's later pages' messages (lib/late-messages.ts): a part of the locale file. */
declare module '*.json?late' {
  import type { ResourceKey } from 'i18next';

  const messages: ResourceKey;
  export default messages;
}
