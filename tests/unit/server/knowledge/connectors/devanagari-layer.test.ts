import { describe, expect, it } from 'vitest';
import {
  isGarbledDevanagari,
  isVisualOrderDevanagari,
  reorderIMatra,
} from '../../../../../src/server/knowledge/connectors/devanagari-layer';

// A line of the Hindi UDHR as its broken font map hands it over, and as it is printed.
const GARBLED =
  'यूनाइटेड नेश$स क जनरल असेबली ने घोषणा को (वीकृत किया । इसका पूण पाठ आगे के पृ1 म2 दिया गया है । इस ऐतहा6सक काय के बाद ही असेबली ने सभी सद(य देश से अपील क कि वे इस घोषणा का 7चार कर2 और देश अथवा 7देश क राजनैतक :(थत पर आधा;रत भेदभाव का विचार किए बिना';
const PRINTED =
  'इस ऐतिहासिक कार्य के बाद ही असेम्बली ने सभी सदस्य देशों से अपील की कि वे इस घोषणा का प्रचार करें और देशों अथवा प्रदेशों की राजनैतिक स्थिति पर आधारित भेदभाव का विचार किए बिना';

describe('isGarbledDevanagari', () => {
  it('finds ASCII glued inside Devanagari words', () => {
    expect(isGarbledDevanagari(GARBLED)).toBe(true);
  });

  it('trusts clean Hindi, with questions, asides and English words beside it', () => {
    const text = `${PRINTED}। क्या यह सही है? हाँ; (ज्ञानोदय) 'Berlinische Monatschrift' ने नवम्बर 1784 में NVDA + Q लिखा।`;
    expect(isGarbledDevanagari(text)).toBe(false);
  });

  it('reads a stray typo or two as typos, not a broken font', () => {
    expect(isGarbledDevanagari(`${PRINTED} पृ1 म2`)).toBe(false);
  });

  it('has nothing to say about text without Devanagari', () => {
    expect(isGarbledDevanagari('Section 504 of the Rehabilitation Act (29 U.S.C. 794) applies.')).toBe(false);
  });
});

describe('visual-order short i', () => {
  const visual = 'िकसी भी िवचार के िबना िकया गया िनणर्य िक';
  it('is recognised and moved after its consonant cluster', () => {
    expect(isVisualOrderDevanagari(visual)).toBe(true);
    expect(reorderIMatra('िकसी िवचार')).toBe('किसी विचार');
  });

  it('is not seen in logical-order text', () => {
    expect(isVisualOrderDevanagari('किसी भी विचार के बिना किया गया निर्णय कि')).toBe(false);
  });
});
