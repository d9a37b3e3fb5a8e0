/**
 * Counts jobs of one kind in hand (waiting for their worker or running), for /metrics: how
 * long the queue in front of a worker thread is at the moment it is read.
 */
export interface InFlight {
  readonly count: number;
  /** The same function, counted while each of its calls is in hand. */
  track<A extends unknown[], R>(work: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
}

export function inFlight(): InFlight {
  let count = 0;
  return {
    get count() {
      return count;
    },
    track:
      (work) =>
      async (...args) => {
        count++;
        try {
          return await work(...args);
        } finally {
          count--;
        }
      },
  };
}
