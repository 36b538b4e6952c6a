import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/contrast.ts';
import { DIET_KEYS } from '../../../shared/diets.ts';
import { DIET_ICONS, dietIcon, dietSprite } from './diet-icons.ts';
import { esc } from './render.ts';
import { parseFilter, passesFilter } from './filter.ts';

describe('dietary label icons', () => {
  it.each(DIET_KEYS)('%s keeps 3:1 against the light and the dark page background (WCAG 1.4.11)', (key) => {
    const { color } = DIET_ICONS[key];
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(color, '#111827')).toBeGreaterThanOrEqual(3);
  });

  it('defines only the used symbols, once, and names each drawn icon', () => {
    const sprite = dietSprite(['vegan', 'spicy-3']);
    expect(sprite.match(/<symbol /g)).toHaveLength(2);
    expect(sprite).toContain('<symbol id="y-spicy-3" viewBox="0 0 48 16"');
    expect(dietSprite([])).toBe('');
    expect(dietIcon('gluten-free', 'Sans gluten', '', esc)).toBe(
      '<svg class="dg" role="img" aria-label="Sans gluten"><use href="#y-gluten-free"/></svg>',
    );
    expect(dietIcon('spicy-2', 'Chef\'s "hot"', ' lang="en"', esc)).toContain(
      'class="dg w2" role="img" aria-label="Chef&#39;s &quot;hot&quot;" lang="en"',
    );
  });
});

describe('the guest filter in the URL', () => {
  it('reads repeated and comma-separated values, in taxonomy order, and ignores the unknown', () => {
    expect(parseFilter({ diet: ['vegan', 'gluten-free,halal'], hide: 'milk,gluten,bacon' })).toEqual({
      diet: ['vegan', 'halal', 'gluten-free'],
      hide: ['gluten', 'milk'],
    });
    // Labels nobody filters by (spice, "new") are not a filter.
    expect(parseFilter({ diet: 'spicy-1,new', hide: ['<script>'], lang: 'de' })).toEqual({ diet: [], hide: [] });
    expect(parseFilter({})).toEqual({ diet: [], hide: [] });
  });

  it('passes a dish with every asked-for label and none of the hidden allergens it cannot avoid', () => {
    const f = parseFilter({ diet: 'vegetarian', hide: 'milk' });
    expect(passesFilter(f, ['vegan'], [])).toBe(true);
    expect(passesFilter(f, ['vegan'], ['milk'])).toBe(false);
    expect(passesFilter(f, ['halal'], [])).toBe(false);
    expect(passesFilter(parseFilter({}), [], ['milk'])).toBe(true);
  });
});
