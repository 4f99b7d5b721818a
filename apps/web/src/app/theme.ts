import type { ThemeConfig } from 'antd';

// Japanese system fonts first; index.html gives plain elements the same stack.
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif";

type TagHue = 'green' | 'orange' | 'gold' | 'volcano' | 'cyan' | 'lime' | 'yellow';

/** A tag's text colour under both of antd's names for it (green7 and green-7, the CSS variable's source). */
function tagText(colors: Record<TagHue, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([hue, color]) => [
      [`${hue}7`, color],
      [`${hue}-7`, color],
    ]),
  );
}

/**
 * antd's tokens, darkened where the defaults miss WCAG 2.1 AA (JIS X 8341-3): text 4.5:1, the focus
 * ring 3:1 (theme.test.ts computes the ratios, e2e/using-assistive-technology.test.ts runs axe-core).
 */
export const theme: ThemeConfig = {
  token: {
    fontFamily: FONT_FAMILY,
    // #1677ff carries white text at 4.1:1 only; blue-7 reaches 6.2:1 (and 5.5:1 on its light tint).
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    // The focus outline is colorPrimaryBorder: blue-3 would be 1.9:1 against white.
    colorPrimaryBorder: '#1677ff',
    // red-7: 5.6:1 on white (#ff4d4f was 3.3:1), for danger buttons, errors and the リコール badge.
    colorError: '#cf1322',
    // Secondary/description text (#8c8c8c, 3.4:1) and placeholders (#bfbfbf, 1.8:1) → #666 (5.7:1).
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Tags print palette colour 7 on colour 1; for these hues that is below 4.5:1: colour 8 (gold, yellow: 9).
    ...tagText({
      green: '#237804',
      orange: '#ad4e00',
      gold: '#874d00',
      volcano: '#ad2102',
      cyan: '#006d75',
      lime: '#3f6600',
      yellow: '#614700',
    }),
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 48,
      headerPadding: '0 12px',
      siderBg: '#ffffff',
      lightTriggerBg: '#fafafa',
    },
  },
};
