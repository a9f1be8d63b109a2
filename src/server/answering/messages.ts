import { DEFAULT_LANGUAGE, isUiLanguage, type UiLanguage } from '../../shared/i18n/languages';

/**
 * What the answers say around the quoted text, in each language answered: English, and Hindi
 * for questions asked in it. Any other language gets English.
 */
export interface AnswerWording {
  notFound: string;
  /** A Hindi (or other) question whose answer may be in English documents, with no translator. */
  noTranslation: string;
  source: string;
  /** "…, from <the database export>" */
  from: string;
  alsoInSources: string;
  /** Before the closest passage, when no sentence answers the question directly. */
  closest: string;
  /** Before an answer quoted from a source in another language (its name, in this language). */
  quotedFrom: (languageName: string) => string;
  /** The reply to a greeting or a near-empty question, before the example questions. */
  help: string;
  tryAsking: string;
  aboutTitle: (title: string) => string;
  /** The last line of a reviewed answer (issue 33), with the date it was reviewed on. */
  reviewed: (date: string) => string;
  /** Before a reviewed answer written only in another language (its name, in this language). */
  reviewedIn: (languageName: string) => string;
  /**
   * The first line of a reviewed answer matched to a question in other words: the question it
   * was reviewed for, so that a person hears at once when it answers another one.
   */
  reviewedFor: (question: string) => string;
}

const en: AnswerWording = {
  notFound:
    'I could not find anything about this in the DISH knowledge base, so I cannot answer it. ' +
    'Try asking in other words, or about an assistive solution such as a screen reader, a mobility aid or sign language.',
  noTranslation:
    'I could not find this in the documents written in your language, and this server cannot translate ' +
    'questions to search its English documents. Please ask in English.',
  source: 'Source',
  from: 'from',
  alsoInSources: 'Also in the knowledge base',
  closest: 'I could not find a direct answer; the closest passage is:',
  quotedFrom: (name) => `The source is in ${name}; this is what it says:`,
  help:
    'Hello! I answer questions about assistive solutions for people with disabilities, using only the ' +
    'documents, web pages and videos in the DISH knowledge base. Ask a whole question in your own words.',
  tryAsking: 'For example, you could ask:',
  aboutTitle: (title) => `What does “${title}” say?`,
  reviewed: (date) => `Reviewed by the DISH team on ${date}`,
  reviewedIn: (name) => `This reviewed answer is written in ${name}:`,
  reviewedFor: (question) => `A reviewed answer to “${question}”.`,
};

const hi: AnswerWording = {
  notFound:
    'मुझे DISH ज्ञानकोष में इसके बारे में कुछ नहीं मिला, इसलिए मैं इसका उत्तर नहीं दे सकता। ' +
    'कृपया दूसरे शब्दों में पूछें, या किसी सहायक समाधान के बारे में पूछें, जैसे स्क्रीन रीडर, चलने-फिरने का साधन या सांकेतिक भाषा।',
  noTranslation:
    'मुझे यह हिंदी के दस्तावेज़ों में नहीं मिला, और यह सर्वर प्रश्नों का अनुवाद करके अंग्रेज़ी दस्तावेज़ों में नहीं खोज सकता। ' +
    'कृपया अपना प्रश्न अंग्रेज़ी में पूछें।',
  source: 'स्रोत',
  from: 'स्रोत फ़ाइल',
  alsoInSources: 'ज्ञानकोष में और भी',
  closest: 'मुझे सीधा उत्तर नहीं मिला; सबसे निकट का अंश यह है:',
  quotedFrom: (name) => `स्रोत ${name} में है; उसमें यह लिखा है:`,
  help:
    'नमस्ते! मैं दिव्यांग लोगों के लिए सहायक समाधानों के बारे में प्रश्नों के उत्तर देता हूँ, केवल DISH ज्ञानकोष के ' +
    'दस्तावेज़ों, वेब पेजों और वीडियो से। अपना पूरा प्रश्न अपने शब्दों में पूछें।',
  tryAsking: 'उदाहरण के लिए, आप पूछ सकते हैं:',
  aboutTitle: (title) => `“${title}” में क्या लिखा है?`,
  reviewed: (date) => `DISH टीम द्वारा ${date} को जाँचा गया`,
  reviewedIn: (name) => `यह जाँचा गया उत्तर ${name} में लिखा है:`,
  reviewedFor: (question) => `“${question}” प्रश्न का जाँचा गया उत्तर।`,
};

/** Answers are worded in the interface's languages (shared/i18n/languages.ts), no more, no fewer. */
const wordings: Record<UiLanguage, AnswerWording> = { en, hi };

/** The language an answer is worded in for a question's language (ISO 639-1): its own, else English. */
export const wordingLanguage = (language: string): UiLanguage =>
  isUiLanguage(language) ? language : DEFAULT_LANGUAGE;

/** The wording for a question's language (ISO 639-1), English when there is none for it. */
export const wordingFor = (language: string): AnswerWording => wordings[wordingLanguage(language)];

/** Every wording of "the knowledge base has nothing on this". */
export const refusalTexts = (): string[] =>
  Object.values(wordings).flatMap((w) => [w.notFound, w.noTranslation]);
