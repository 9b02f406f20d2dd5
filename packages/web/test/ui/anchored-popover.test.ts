import { describe, expect, it } from 'vitest';
import { placePopover } from '../../src/ui/anchored-popover';

const phone = { width: 360, height: 740 };
const box = (left: number, top: number, width = 36, height = 36) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('placePopover', () => {
  it('opens below its anchor, lined up with its left edge, where there is room', () => {
    expect(placePopover(box(40, 10), { width: 1400, height: 900 }, { width: 380, maxHeight: 520 })).toEqual({
      position: 'fixed',
      left: 40,
      width: 380,
      top: 50,
      maxHeight: 520,
    });
  });

  it('never reaches past the right edge: a popover anchored near it moves left', () => {
    const place = placePopover(box(300, 400), phone, { width: 320 });
    expect(place.left).toBe(32);
    expect(Number(place.left) + Number(place.width)).toBeLessThanOrEqual(phone.width - 8);
  });

  it('is never wider than the screen less its margins', () => {
    const place = placePopover(box(48, 10), phone, { width: 380 });
    expect(place).toMatchObject({ left: 8, width: 344 });
  });

  it('lines up with the anchor’s right edge when asked, still inside the screen', () => {
    expect(placePopover(box(200, 10), phone, { width: 180, align: 'end' })).toMatchObject({ left: 56 });
    expect(placePopover(box(20, 10), phone, { width: 180, align: 'end' })).toMatchObject({ left: 8 });
  });

  it('caps its height at the room left below the anchor', () => {
    expect(placePopover(box(40, 10), phone, { width: 200, maxHeight: 2000 })).toMatchObject({
      top: 50,
      maxHeight: 740 - 46 - 4 - 8,
    });
  });

  it('flips above when the wanted side has too little room and the other more', () => {
    const nearBottom = placePopover(box(40, 680), phone, { width: 200, maxHeight: 300 });
    expect(nearBottom).toMatchObject({ bottom: 740 - 680 + 4, maxHeight: 300 });
    expect(nearBottom.top).toBeUndefined();
    const nearTop = placePopover(box(40, 20), phone, { width: 200, side: 'above' });
    expect(nearTop).toMatchObject({ top: 60 });
  });

  it('opens above when asked and there is room', () => {
    expect(placePopover(box(40, 600), phone, { width: 200, side: 'above', maxHeight: 150 })).toMatchObject({
      bottom: 144,
      maxHeight: 150,
    });
  });
});
