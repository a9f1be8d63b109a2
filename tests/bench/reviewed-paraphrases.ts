/**
 * The reviewed-answers bench's paraphrases (issue 33): for each factual question of
 * ../shared/material/eval with an odd number, the same question asked again in other words, once
 * in English and once in Hindi, written by the team for the bench (the evaluation set itself is
 * not changed). Each keeps the question's meaning and its key terms a person would use, and
 * changes the rest: order, register, words, typos where people make them.
 */
export const PARAPHRASES: Record<string, { en: string; hi: string }> = {
  'fact-01': {
    en: 'For what term is the Access Board chair elected?',
    hi: 'एक्सेस बोर्ड के अध्यक्ष का कार्यकाल कितने समय का होता है, फिर से चुनाव कब होता है?',
  },
  'fact-03': {
    en: 'Does the Rehabilitation Act pay for braille lessons and mobility training for older people who lost their sight?',
    hi: 'क्या पुनर्वास कानून के तहत बुढ़ापे में अंधे हुए व्यक्ति को ब्रेल सीखने और अकेले चलने-फिरने का प्रशिक्षण मिल सकता है?',
  },
  'fact-05': {
    en: 'Of the Access Board members, how many are from the public instead of government agencies, and must they have disabilities?',
    hi: 'एक्सेस बोर्ड में सरकारी अधिकारियों के अलावा आम जनता से कितने सदस्य होते हैं, और क्या उनका विकलांग होना ज़रूरी है?',
  },
  'fact-07': {
    en: 'According to the 2010 census, what share of people aged 80 and over have a disability?',
    hi: '2010 की जनगणना के अनुसार 80 साल से ज़्यादा उम्र के कितने प्रतिशत लोगों को कोई विकलांगता है?',
  },
  'fact-09': {
    en: 'What does an adult pay per year in the movie club example table?',
    hi: 'मूवी क्लब वाली तालिका के उदाहरण में किसी वयस्क की सालाना फ़ीस कितनी है?',
  },
  'fact-11': {
    en: "The accessibility checker in Office 2010 complains that my chart's name is Chart1. How do I fix it?",
    hi: 'Office 2010 का एक्सेसिबिलिटी चेकर मेरे चार्ट को Chart1 नाम की वजह से चिह्नित कर रहा है, मुझे क्या करना चाहिए?',
  },
  'fact-13': {
    en: 'Does SaveAsDAISY support all eight heading levels of a Word document?',
    hi: 'मेरे Word दस्तावेज़ में आठ स्तर के शीर्षक हैं, क्या DAISY पुस्तक में ये सब बने रहेंगे?',
  },
  'fact-15': {
    en: 'What is the minimum font size recommended for Word documents converted to DAISY?',
    hi: 'SaveAsDAISY से बदलने वाले Word दस्तावेज़ में कम से कम कितने आकार का फ़ॉन्ट इस्तेमाल करना चाहिए?',
  },
  'fact-17': {
    en: 'How many plays does the GSA IT accessibility playbook contain?',
    hi: 'GSA की टेक्नोलॉजी एक्सेसिबिलिटी प्लेबुक में कुल कितने प्ले हैं?',
  },
  'fact-19': {
    en: 'Is testing our website with a screen reader and a screen magnifier enough to prove Section 508 conformance?',
    hi: 'क्या सिर्फ़ स्क्रीन रीडर और मैग्निफ़ायर से जाँच करके हमारी सरकारी वेबसाइट को 508 के अनुरूप मान सकते हैं?',
  },
  'fact-21': {
    en: 'For how many years did Helen lead the Section 508 community meetings before handing them over?',
    hi: 'नई टीम के आने से पहले हेलेन कितने साल से 508 समुदाय की बैठकें चला रही थीं?',
  },
  'fact-23': {
    en: 'With Orpheus back on its factory defaults, what volume do the sound effects have compared with the speech?',
    hi: 'Orpheus को फ़ैक्टरी सेटिंग पर रीसेट करने के बाद बीप और क्लिक की आवाज़ बोलने की आवाज़ के मुकाबले कितनी तेज़ होती है?',
  },
  'fact-25': {
    en: 'What is the official name of the standard people call DAISY 3?',
    hi: 'जिसे DAISY 3 कहा जाता है, उस टॉकिंग बुक मानक का आधिकारिक नाम क्या है?',
  },
  'fact-27': {
    en: 'When does the time limit for filing a Section 508 complaint begin? Is it the date the agency purchased the product?',
    hi: '508 की शिकायत दर्ज करने की समय सीमा कब से गिनी जाती है, क्या एजेंसी के सॉफ़्टवेयर खरीदने की तारीख से?',
  },
  'fact-29': {
    en: "What is the default pixel size of the paragraph with the 'large' font setting in the WordPress theme test posts?",
    hi: "WordPress थीम की टेस्ट पोस्ट में 'large' टेक्स्ट वाले पैराग्राफ़ का डिफ़ॉल्ट आकार कितने पिक्सेल है?",
  },
  'fact-31': {
    en: 'On the image alignment test, may the 1200 pixel wide unaligned image overflow the content column?',
    hi: 'इमेज अलाइनमेंट टेस्ट पेज पर 1200px की बिना अलाइनमेंट वाली बड़ी तस्वीर क्या कॉलम से बाहर जा सकती है?',
  },
  'fact-33': {
    en: 'What does the block test post check with its paragraph of white text on a red background?',
    hi: 'ब्लॉक टेस्ट पोस्ट में लाल पृष्ठभूमि पर सफ़ेद अक्षरों वाला पैराग्राफ़ रंगों के बारे में क्या जाँचता है?',
  },
  'fact-35': {
    en: 'Is an alert that is present in the page when it loads read out by screen readers?',
    hi: 'अगर role=alert वाला संदेश पेज लोड होते समय ही मौजूद है, तो क्या स्क्रीन रीडर उसे पढ़कर सुनाएगा?',
  },
  'fact-37': {
    en: 'What markup does the breadcrumb link to the current page need?',
    hi: 'ब्रेडक्रंब में आखिरी लिंक, यानी जिस पेज पर उपयोगकर्ता अभी है, उसे कैसे चिह्नित करना चाहिए?',
  },
  'fact-39': {
    en: 'In an automatically rotating carousel, where does the rotation control belong in the tab sequence?',
    hi: 'अपने आप घूमने वाले कैरोसेल में रोकने/चलाने वाला बटन टैब क्रम में कहाँ होना चाहिए?',
  },
  'fact-41': {
    en: 'Which keys open the suggestion list of a combobox without moving focus out of the input?',
    hi: 'कॉम्बोबॉक्स में कर्सर टेक्स्ट बॉक्स में रखते हुए सुझावों की सूची खोलने के लिए कौन सी कुंजी दबाएँ?',
  },
  'fact-43': {
    en: 'How can someone using only a keyboard skip over an endless feed to the content after it?',
    hi: 'अनंत स्क्रॉल वाली फ़ीड में कीबोर्ड इस्तेमाल करने वाले पूरी फ़ीड छोड़कर उसके बाद की सामग्री पर कैसे पहुँचें?',
  },
  'fact-45': {
    en: 'What is the number of landmark roles in WAI-ARIA?',
    hi: 'ARIA में कितने लैंडमार्क रोल परिभाषित हैं?',
  },
  'fact-47': {
    en: 'Do separators in a menu receive keyboard focus?',
    hi: 'क्या ड्रॉपडाउन मेन्यू में समूहों के बीच की विभाजक रेखाओं पर कीबोर्ड से फ़ोकस जा सकता है?',
  },
  'fact-49': {
    en: 'Which radio button receives focus when you tab into a radio group where none is checked?',
    hi: 'जब किसी रेडियो समूह में कुछ भी चुना न गया हो, तो टैब करके अंदर आने पर फ़ोकस किस विकल्प पर जाना चाहिए?',
  },
  'fact-51': {
    en: 'What attribute marks a spinbutton whose value is outside the allowed range?',
    hi: 'स्पिनबटन में डाला गया मान सीमा से बाहर हो तो कौन सा एट्रिब्यूट लगाया जाता है?',
  },
  'fact-53': {
    en: 'Do the up and down arrow keys have a function in a horizontal tab list?',
    hi: 'क्षैतिज टैब सूची में ऊपर या नीचे वाली तीर कुंजियाँ दबाने पर कुछ होना चाहिए क्या?',
  },
  'fact-55': {
    en: 'Does focus go into a tooltip when it appears?',
    hi: 'जब टूलटिप दिखाई देता है, तो क्या कीबोर्ड फ़ोकस उसके अंदर जाना चाहिए?',
  },
  'fact-57': {
    en: 'What key collapses the primary pane when a window splitter has focus?',
    hi: 'दो पैन के बीच के स्प्लिटर पर फ़ोकस हो तो कौन सी कुंजी साइड पैन को बंद करती है?',
  },
  'fact-59': {
    en: 'Why does pressing Tab on a Mac not reach the links on my page? Is my site broken?',
    hi: 'मेरे मैकबुक पर टैब दबाने से वेब पेज के लिंक पर फ़ोकस नहीं जाता, क्या यह मेरी साइट की गड़बड़ी है?',
  },
  'fact-61': {
    en: "Is it a problem to give my nav element the aria-label 'Main Navigation'?",
    hi: "मैंने nav एलिमेंट को aria-label 'Main Navigation' दिया है, क्या इसमें कोई गलती है?",
  },
  'fact-63': {
    en: 'What do I have to implement when I give a div the button role?',
    hi: 'अगर मैं किसी div पर role=button लगा दूँ, तो मुझे और क्या-क्या करना होगा?',
  },
  'fact-65': {
    en: 'What should aria-rowcount be set to when the total number of rows in the grid is unknown?',
    hi: 'जब तालिका में कुल कितनी पंक्तियाँ हैं यह पता न हो, तो aria-rowcount में क्या मान दें?',
  },
};

/**
 * Questions that ask the opposite of a reviewed one (off for on, close for open), in English and
 * Hindi: a bi-encoder puts "turn it off" next to "turn it on", and neither may get the other's
 * reviewed answer. Written for every reviewed question of this half that asks to change a state
 * one way only.
 */
export const OPPOSITES: Record<string, { en: string; hi: string }> = {
  'fact-41': {
    en: 'Which key closes the suggestion list of an autocomplete field and keeps the cursor in the text box?',
    hi: 'ऑटोकम्प्लीट फ़ील्ड की सुझाव सूची को बंद करने के लिए कौन सी कुंजी है, जिससे कर्सर टेक्स्ट बॉक्स में ही रहे?',
  },
  'fact-57': {
    en: 'Which key expands the side pane again when focus is on the divider between two panes?',
    hi: 'दो पैन के बीच के डिवाइडर पर फ़ोकस हो, तो साइड पैन को वापस खोलने के लिए कौन सी कुंजी दबाएँ?',
  },
};
