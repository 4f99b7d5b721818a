import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

type Rgb = [number, number, number];

/** #rgb, #rrggbb or rgba() (blended over `under`) as 0–255 channels. */
function channels(color: string, under: Rgb = [255, 255, 255]): Rgb {
  const rgba = /rgba?\(([^)]+)\)/.exec(color);
  if (rgba) {
    const [r = 0, g = 0, b = 0, a = 1] = (rgba[1] ?? '').split(',').map(Number);
    return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
  }
  const hex = color.length === 4 ? [...color.slice(1)].map((c) => c + c).join('') : color.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.1 contrast ratio of text over an opaque background. */
function contrast(foreground: string, background: string): number {
  const back = channels(background);
  const a = luminance(channels(foreground, back));
  const b = luminance(back);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const token = antdTheme.getDesignToken(theme);

describe('theme contrast (WCAG 2.1 AA)', () => {
  it.each([
    ['white on primary buttons', token.colorTextLightSolid, token.colorPrimary],
    ['links and primary text', token.colorLink, token.colorBgContainer],
    ['primary text on its light tint (selected menu item)', token.colorPrimary, token.colorPrimaryBg],
    ['secondary text', token.colorTextSecondary, token.colorBgContainer],
    ['description text', token.colorTextDescription, token.colorBgContainer],
    ['description text on the layout grey', token.colorTextDescription, token.colorBgLayout],
    ['placeholders', token.colorTextPlaceholder, token.colorBgContainer],
    ['danger text (リコール)', token.colorError, token.colorBgContainer],
    ['white on danger buttons', token.colorTextLightSolid, token.colorError],
    ['green tags', token.green7, token.green1],
    ['orange tags', token.orange7, token.orange1],
    ['gold tags', token.gold7, token.gold1],
    ['blue tags', token.blue7, token.blue1],
    ['red tags', token.red7, token.red1],
    ['volcano tags', token.volcano7, token.volcano1],
    ['cyan tags', token.cyan7, token.cyan1],
    ['lime tags', token.lime7, token.lime1],
    ['yellow tags', token.yellow7, token.yellow1],
  ])('%s reach 4.5:1', (_, foreground, background) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('draws the focus ring at 3:1 against white', () => {
    expect(contrast(token.colorPrimaryBorder, token.colorBgContainer)).toBeGreaterThanOrEqual(3);
  });
});
