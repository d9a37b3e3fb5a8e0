import { calls } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { CONSOLE_CALL_ROLES } from './roles';

describe("the console's copy of the roles", () => {
  it('matches the registry for every call it guards', () => {
    for (const [name, roles] of Object.entries(CONSOLE_CALL_ROLES)) {
      expect({ name, roles: [...roles].sort() }).toEqual({
        name,
        roles: [...(calls[name as keyof typeof calls].roles ?? [])].sort(),
      });
    }
  });
});
