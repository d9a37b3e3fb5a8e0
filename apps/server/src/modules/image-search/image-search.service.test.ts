import { describe, expect, it } from 'vitest';
import { matchCertainty, SURE_MATCH } from './image-search.service';

describe("the buyer's wording of an image search result", () => {
  it('says nothing is close when no product is similar enough', () => {
    expect(matchCertainty([])).toBe('none');
  });

  it('calls the first product the best match when it scores high and well ahead of the next', () => {
    expect(matchCertainty([0.82, 0.4, 0.3])).toBe('best');
    expect(matchCertainty([SURE_MATCH.score])).toBe('best');
    expect(matchCertainty([1, 1 - SURE_MATCH.lead])).toBe('best');
  });

  it('calls the results similar products when the first is weak or a look-alike scores nearly as high', () => {
    expect(matchCertainty([SURE_MATCH.score - 0.01])).toBe('similar');
    expect(matchCertainty([0.3, 0.25])).toBe('similar');
    // A carton of the same brand in another flavour: both verified, close together.
    expect(matchCertainty([0.75, 0.7, 0.2])).toBe('similar');
  });
});
