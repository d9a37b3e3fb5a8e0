import { describe, expect, it } from 'vitest';
import { giveWay, givesWayTo, type PaceLimits, paceStep } from './import.pace';

const limits: PaceLimits = { maxWaitMs: 250, checkEveryMs: 2 };

describe('the import giving way to calls in hand', () => {
  it('starts a row at once when no call is being answered', () => {
    expect(paceStep(0, 0, limits)).toEqual({ go: true });
  });

  it('waits a little and looks again while a call is being answered', () => {
    expect(paceStep(1, 0, limits)).toEqual({ go: false, waitMs: 2 });
    expect(paceStep(3, 100, limits)).toEqual({ go: false, waitMs: 2 });
  });

  it('never waits past its bound, however many calls keep coming', () => {
    expect(paceStep(1, 249, limits)).toEqual({ go: false, waitMs: 1 });
    expect(paceStep(5, 250, limits)).toEqual({ go: true });
  });

  it('goes once the calls in hand are answered, having waited for them', async () => {
    let t = 0;
    let inHand = 2;
    const waited = await giveWay(
      {
        callsInHand: () => inHand,
        now: () => t,
        sleep: async (ms) => {
          t += ms;
          // One call answered every 10 ms.
          if (t % 10 === 0) inHand--;
        },
      },
      limits,
    );
    expect(waited).toBe(20);
    expect(inHand).toBe(0);
  });

  it('goes after its bound when buyers never pause', async () => {
    let t = 0;
    const waited = await giveWay(
      {
        callsInHand: () => 1,
        now: () => t,
        sleep: async (ms) => {
          t += ms;
        },
      },
      limits,
    );
    expect(waited).toBe(250);
  });

  it("gives way to the /api's calls only, not to a chat socket or a download that stays open", () => {
    expect(givesWayTo('POST', '/api/get_list')).toBe(true);
    expect(givesWayTo('GET', '/chat/socket')).toBe(false);
    expect(givesWayTo('GET', '/api/proforma/abc')).toBe(false);
    expect(givesWayTo('GET', '/files/c1/site/2026-11-27/x.jpg')).toBe(false);
  });
});
