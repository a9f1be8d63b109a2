/** SPEC §2: the six suggested prompts of the dashboard. */
export const suggestedPrompts = [
  'How can I help a child with cerebral palsy build everyday skills?',
  'How can I teach a class as a hearing-impaired person?',
  'Which tools help people with a locomotive disability move around?',
  'How can a person with a visual impairment navigate a new place?',
  'Which disability-centric products can an entrepreneur build?',
  'How can a deaf-blind person use a computer?',
];
