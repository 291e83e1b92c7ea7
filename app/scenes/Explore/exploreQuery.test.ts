import { describe, expect, it } from 'vitest';
import { readExploreView, showingLine, writeExploreView } from './exploreQuery';

describe('explore view in the URL', () => {
  it('reads filter, category, search and page, with defaults for anything unknown', () => {
    expect(readExploreView(new URLSearchParams('filter=verified&category=Animals&q=dogs&hide_high_risk=true&page=3')))
      .toEqual({ filter: 'verified', category: 'Animals', search: 'dogs', hideHighRisk: true, page: 3 });
    expect(readExploreView(new URLSearchParams('filter=nope&category=Cars&hide_high_risk=yes&page=-2')))
      .toEqual({ filter: 'all', category: '', search: '', hideHighRisk: false, page: 1 });
  });

  it('keeps the sort in the URL, leaving out the order the list has anyway', () => {
    expect(readExploreView(new URLSearchParams('sort=goal_progress&page=2'))).toMatchObject({ sort: 'goal_progress', page: 2 });
    expect(readExploreView(new URLSearchParams('sort=hot')).sort).toBeUndefined();
    const view = readExploreView(new URLSearchParams('q=water&page=3'));
    expect(writeExploreView(view, { sort: 'newest_donation' }).toString()).toBe('sort=newest_donation&q=water');
    expect(writeExploreView({ ...view, sort: 'raised' }, { page: 2 }).toString()).toBe('sort=raised&q=water&page=2');
    expect(writeExploreView(view, { sort: 'newest' }).toString()).toBe('q=water');
    // The Trending chip ranks by market cap by itself, and newest is then a choice worth keeping.
    expect(writeExploreView(view, { filter: 'trending', sort: 'market_cap' }).toString()).toBe('filter=trending&q=water');
    expect(writeExploreView(view, { filter: 'trending', sort: 'newest' }).toString()).toBe('filter=trending&sort=newest&q=water');
  });

  it('goes back to page 1 on any change but a page change', () => {
    const view = { filter: 'bonded' as const, category: 'Medical', search: 'x', hideHighRisk: false, page: 4 };
    expect(writeExploreView(view, { search: 'water' }).toString()).toBe('filter=bonded&category=Medical&q=water');
    expect(writeExploreView(view, { filter: 'all' }).toString()).toBe('category=Medical&q=x');
    expect(writeExploreView(view, { page: 5 }).toString()).toBe('filter=bonded&category=Medical&q=x&page=5');
    expect(writeExploreView({ ...view, hideHighRisk: true }, { page: 2 }).toString()).toBe('filter=bonded&category=Medical&q=x&hide_high_risk=true&page=2');
    expect(writeExploreView({ ...view, hideHighRisk: true }, { hideHighRisk: false }).toString()).toBe('filter=bonded&category=Medical&q=x');
  });

  it("says 'Showing X-Y of Z campaigns'", () => {
    expect(showingLine(1, 32, 32, 70)).toBe('Showing 1-32 of 70 campaigns');
    expect(showingLine(3, 32, 6, 70)).toBe('Showing 65-70 of 70 campaigns');
    expect(showingLine(1, 32, 0, 0)).toBe('Showing 0 of 0 campaigns');
  });
});
