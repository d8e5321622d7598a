import { describe, expect, it } from 'vitest';
import { projectTrafficShares, receiverWeightFormSchema } from './load-balancer.ts';

describe('projected traffic shares', () => {
  it('splits traffic between active receivers in proportion to their weights', () => {
    const shares = projectTrafficShares([
      { id: 'a', isActive: true, weight: 300 },
      { id: 'b', isActive: true, weight: 100 },
      { id: 'c', isActive: false, weight: 600 },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 0.75, b: 0.25, c: 0 });
  });

  it('gives nobody traffic when no active receiver has weight', () => {
    const shares = projectTrafficShares([
      { id: 'a', isActive: true, weight: 0 },
      { id: 'b', isActive: false, weight: 10 },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 0, b: 0 });
  });
});

describe('the weight field', () => {
  it.each(['0', '1000', ' 250 '])('accepts %j as a whole number from 0 to 1000', (weight) => {
    expect(receiverWeightFormSchema.parse({ weight })).toEqual({ weight: Number(weight) });
  });

  it.each(['', '  ', 'abc', '12.5', '-1', '1001'])('refuses %j', (weight) => {
    expect(receiverWeightFormSchema.safeParse({ weight }).success).toBe(false);
  });
});
