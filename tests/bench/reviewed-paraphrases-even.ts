/**
 * A second half for the reviewed-answers bench (BENCH_HALF=even): the factual questions of
 * ../shared/material/eval with an even number, asked again in other words in English and in
 * Hindi. Written after the matching rule was chosen on the odd half (reviewed-paraphrases.ts),
 * to see whether it holds on questions it was not chosen on; the same care: the question's
 * meaning and the key terms a person would use kept, the rest changed.
 */
export const PARAPHRASES_EVEN: Record<string, { en: string; hi: string }> = {
  'fact-02': {
    en: 'My son is 23 now. Until what age does the Rehabilitation Act count someone as a youth with a disability?',
    hi: 'पुनर्वास कानून में विकलांग युवा किस उम्र तक माना जाता है? मेरा बेटा 23 साल का हो गया है।',
  },
  'fact-04': {
    en: 'According to the findings in the WIOA amendments, what was the disability rate among Americans aged 16 to 64 in 2011?',
    hi: 'WIOA संशोधनों के अनुसार 2011 में 16 से 64 साल के अमेरिकियों में विकलांगता की दर कितने प्रतिशत थी?',
  },
  'fact-06': {
    en: 'In 2010, how many people aged 21 to 64 with a disability were employed, compared with those without one?',
    hi: '2010 में 21 से 64 साल के विकलांग लोगों में से कितने प्रतिशत के पास नौकरी थी, और बिना विकलांगता वालों में कितने?',
  },
  'fact-08': {
    en: 'How many thousand people aged 15 and older had difficulty hearing in 2010, according to the census table?',
    hi: 'जनगणना की तालिका के अनुसार 2010 में 15 साल और उससे ऊपर के कितने हज़ार लोगों को सुनने में कठिनाई थी?',
  },
  'fact-10': {
    en: 'Can a table with two header rows, like student and adult over monthly and annual, be made accessible in Word?',
    hi: 'क्या Word में दो पंक्तियों वाले हेडर (छात्र/वयस्क और मासिक/वार्षिक) वाली तालिका को सुलभ बनाया जा सकता है?',
  },
  'fact-12': {
    en: 'At the highest accessibility level set by IT in Office 2010, can users still ignore the accessibility errors?',
    hi: 'Office 2010 में IT सबसे ऊँचा एक्सेसिबिलिटी स्तर लगा दे तो क्या उपयोगकर्ता फिर भी गलतियों को अनदेखा कर सकते हैं?',
  },
  'fact-14': {
    en: 'What keystroke starts the NVDA screen reader?',
    hi: 'NVDA स्क्रीन रीडर चालू करने के लिए कौन सी कुंजियाँ दबानी होती हैं?',
  },
  'fact-16': {
    en: 'Should I remove the table of contents from my Word document before converting it with SaveAsDAISY?',
    hi: 'SaveAsDAISY से बदलने से पहले क्या Word फ़ाइल की विषय-सूची हटा देनी चाहिए?',
  },
  'fact-18': {
    en: 'Which sections of the FAR deal with Section 508 for someone who buys IT for the government?',
    hi: 'सरकारी खरीद करने वाले को सुलभता के लिए FAR के कौन से हिस्से पढ़ने चाहिए?',
  },
  'fact-20': {
    en: 'When was the lunch break at the GSA accessibility community meeting in February 2018?',
    hi: 'फ़रवरी 2018 की GSA एक्सेसिबिलिटी कम्युनिटी मीटिंग में दोपहर का खाना कितने बजे था?',
  },
  'fact-22': {
    en: 'Which sample rates does the Dolphin synthesizer offer for its voice?',
    hi: 'Dolphin सॉफ़्टवेयर सिंथेसाइज़र की आवाज़ के लिए कौन-कौन सी सैंपल रेट चुनी जा सकती हैं?',
  },
  'fact-24': {
    en: 'Which versions of Windows does Orpheus run on, and what sound card does it need?',
    hi: 'Orpheus किन Windows पर चलता है और इसके लिए कैसा साउंड कार्ड चाहिए?',
  },
  'fact-26': {
    en: 'When was the MathML-in-DAISY specification formally approved?',
    hi: 'डेज़ी की बोलने वाली किताबों में गणित के लिए MathML-in-DAISY विनिर्देश को औपचारिक मंज़ूरी कब मिली?',
  },
  'fact-28': {
    en: 'Can a member of the public win compensatory damages from a federal agency in a Section 508 complaint?',
    hi: 'क्या कोई आम नागरिक सेक्शन 508 की शिकायत में संघीय सरकार से हर्जाना पा सकता है?',
  },
  'fact-30': {
    en: 'What is the default height of the spacer block in the WordPress test content?',
    hi: 'WordPress की टेस्ट पोस्ट में स्पेसर ब्लॉक की डिफ़ॉल्ट ऊँचाई कितनी होती है?',
  },
  'fact-32': {
    en: 'What are the Level 1, Level 2 and Level 3 pages of the theme unit test data for?',
    hi: 'थीम यूनिट टेस्ट डेटा में Level 1, Level 2, Level 3 वाले पेज क्यों रखे गए हैं?',
  },
  'fact-34': {
    en: 'In an accordion with about ten panels that can be open together, should each panel have the region role?',
    hi: 'लगभग दस पैनल वाले अकॉर्डियन में क्या हर पैनल को region लैंडमार्क बनाना चाहिए?',
  },
  'fact-36': {
    en: 'What difference does the alertdialog role make compared with a plain dialog?',
    hi: "'क्या आप निश्चित हैं?' वाले संदेश के लिए alertdialog रोल सामान्य dialog से क्या अलग करता है?",
  },
  'fact-38': {
    en: 'If my mute button changes its label to Unmute when pressed, do I need aria-pressed as well?',
    hi: 'अगर म्यूट बटन दबाने पर उसका लेबल बदलकर अनम्यूट हो जाता है, तो क्या aria-pressed भी लगाना ज़रूरी है?',
  },
  'fact-40': {
    en: 'What is aria-checked set to on a checkbox that is only partly checked?',
    hi: 'जब चेकबॉक्स आंशिक रूप से चुना हुआ हो तो aria-checked का मान क्या रखते हैं?',
  },
  'fact-42': {
    en: 'Which button should have focus first in a dialog for a step that cannot be undone, like deleting data?',
    hi: 'डेटा हमेशा के लिए मिटाने वाले डायलॉग के खुलने पर शुरू में फ़ोकस किस बटन पर होना चाहिए?',
  },
  'fact-44': {
    en: 'Which key combination moves focus to the first cell of the first row in a grid?',
    hi: 'ग्रिड में पहली पंक्ति के पहले सेल पर सीधे जाने के लिए कौन सी कुंजियाँ दबाएँ?',
  },
  'fact-46': {
    en: "What's the recommended alternative to one listbox whose options combine a country and a city?",
    hi: "देश और शहर को एक ही सूची में 'France – Paris' जैसे विकल्पों में रखने के बजाय क्या करना बेहतर है?",
  },
  'fact-48': {
    en: 'Should I use the meter role to show the progress of an upload?',
    hi: 'फ़ाइल अपलोड कितना हुआ, यह दिखाने के लिए क्या meter रोल सही है?',
  },
  'fact-50': {
    en: 'In a multi-thumb slider, does the tab order change when one thumb moves past the other?',
    hi: 'दो थंब वाले स्लाइडर में एक थंब दूसरे के पार खींचने पर क्या टैब क्रम बदल जाता है?',
  },
  'fact-52': {
    en: 'A table with a button in each row makes the tab sequence very long. What can I use instead?',
    hi: 'हर पंक्ति में बटन वाली तालिका से टैब क्रम बहुत लंबा हो गया है, इसकी जगह क्या इस्तेमाल करूँ?',
  },
  'fact-54': {
    en: 'How many controls should a group have before it is worth using the toolbar role?',
    hi: 'सिर्फ़ दो आइकन बटन हों तो क्या उन्हें toolbar में रखना चाहिए?',
  },
  'fact-56': {
    en: 'Which key in a tree view expands all the nodes at the same level as the current one?',
    hi: 'ट्री व्यू में कौन सी कुंजी मौजूदा नोड के स्तर वाले सभी नोड एक साथ खोल देती है?',
  },
  'fact-58': {
    en: 'Is it a good idea to change the tab order of my page with positive tabindex values?',
    hi: 'क्या पेज का टैब क्रम बदलने के लिए tabindex में धनात्मक संख्याएँ देना ठीक है?',
  },
  'fact-60': {
    en: 'Which takes precedence in the accessible name, aria-labelledby or aria-label?',
    hi: 'किसी एलिमेंट पर aria-label और aria-labelledby दोनों हों तो नाम किससे बनेगा?',
  },
  'fact-62': {
    en: 'Does role="presentation" remove the semantics of a focusable link?',
    hi: 'कीबोर्ड से फ़ोकस होने वाले लिंक पर role="none" लगाने से क्या उसका लिंक होना खत्म हो जाता है?',
  },
  'fact-64': {
    en: 'Which range widget has no default minimum and maximum when aria-valuemin and aria-valuemax are not set?',
    hi: 'aria-valuemin और aria-valuemax न देने पर किस रेंज विजेट के कोई डिफ़ॉल्ट न्यूनतम और अधिकतम मान नहीं होते?',
  },
};

/** Questions that ask the opposite of a reviewed one of this half (reviewed-paraphrases.ts, `OPPOSITES`). */
export const OPPOSITES_EVEN: Record<string, { en: string; hi: string }> = {
  'fact-14': {
    en: 'Which keys do I press to quit NVDA?',
    hi: 'NVDA को बंद करने के लिए कौन सी कुंजियाँ दबानी होती हैं?',
  },
  'fact-42': {
    en: "After my 'delete your account permanently?' popup closes, where should keyboard focus go?",
    hi: "'अकाउंट हमेशा के लिए हटाएँ?' वाला पॉपअप बंद होने के बाद कीबोर्ड फ़ोकस कहाँ जाना चाहिए?",
  },
  'fact-56': {
    en: 'In a tree view, is there one key that collapses all the folders at the same level?',
    hi: 'फ़ोल्डर ट्री में क्या कोई ऐसी कुंजी है जो एक ही स्तर के सभी फ़ोल्डरों को एक साथ बंद कर दे?',
  },
};
