import { describe, expect, it } from 'vitest';
import { sessionEnded } from './session-events';
import { queryClient } from './query';

describe('the query cache', () => {
  it('forgets every answer when the session ends', () => {
    queryClient.setQueryData(['get_sample_car_list', 1, 'en', {}], { lines: [1, 2, 3] });
    sessionEnded();
    expect(queryClient.getQueryData(['get_sample_car_list', 1, 'en', {}])).toBeUndefined();
  });
});
