import { MENU, menuLabel, walk } from '@tsunagu/contract/menu';
import { describe, expect, it } from 'vitest';
import { shellScreens } from './routes';
import { screens } from './screens';

describe('screens', () => {
  it('names every registered screen: by its menu label, or by its own title outside the menu', () => {
    for (const screen of screens) expect(menuLabel(screen.path) ?? screen.title, screen.path).toBeTruthy();
  });

  it('gives every menu screen a route titled with its menu label (one name per screen)', () => {
    const titles = new Map(shellScreens().map((screen) => [screen.path, screen.title]));
    walk(MENU, (item) => {
      if (item.path && !item.children) expect(titles.get(item.path)).toBe(item.label);
    });
    expect(titles.get('/pbx/destination')).toBe('着信番号設定');
  });
});
