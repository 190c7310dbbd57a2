import { describe, expect, it } from 'vitest';
import { labelMessage } from '@kehila/functions/adapters/ai/local/enrich';
import { analyze } from '@kehila/functions/adapters/ai/local/analyze';
import { extractActionItems, scoreSentiment } from '@kehila/functions/adapters/ai/local/classify';

describe('urgency', () => {
  it.each([
    ['URGENT: the server is down, need someone ASAP', 'high'],
    ["Don't forget to fill out the feedback form before the end of the day!", 'high'],
    ['דחוף!!! מישהו יודע חשמלאי שיכול להגיע היום?', 'high'],
    ['נשארו 24 שעות לקמפיין התרומות!', 'high'],
    ['Please RSVP by Wednesday so we can order enough food', 'medium'],
    ['תזכורת: הסדנה מתחילה מחר ב-10:00', 'medium'],
    ['Can anyone recommend a good accountant?', 'low'],
    ['Whenever you have time, could you review my resume? No rush', 'low'],
    ['מתי שנוח לך, תוכל לעבור על קורות החיים שלי? אין לחץ', 'low'],
    ['Good morning everyone! Have a productive week', 'low'],
    ['שבת שלום לכולם', 'low'],
  ])('%s → %s', (text, urgency) => {
    expect(labelMessage(text).urgency).toBe(urgency);
  });
});

describe('intent', () => {
  it.each([
    ['Does anyone know a reliable plumber in Haifa?', 'request'],
    ['מישהו יכול להמליץ על רואה חשבון טוב?', 'request'],
    ['How do I make a pivot table that updates automatically?', 'question'],
    ['מה ההבדל בין עוסק פטור לעוסק מורשה?', 'question'],
    ["We're hiring a backend developer in Tel Aviv. Send your CV to jobs@acme.io", 'announcement'],
    ['דרושים מלצרים לאירוע בסוף השבוע, לפרטים לפנות לשירה', 'announcement'],
    ['Community meetup next Thursday at 19:00, register here https://meetup.com/x', 'event'],
    ['מפגש קהילה ביום חמישי ב-19:30 בבית הקפה, מוזמנים!', 'event'],
    ['This is the third time the elevator is broken and nobody answers. Unacceptable', 'complaint'],
    ['מאוכזבת מאוד מהשירות, לא מקובל', 'complaint'],
    ['Highly recommend Yossi the electrician, professional and on time. 052-555-1234', 'support'],
    ['תנסה לנקות את המטמון, אצלי זה עבד', 'support'],
    ['Happy birthday Avi!! 🎂', 'social'],
    ['בוקר טוב לכולם!', 'social'],
    ['Earn 5,000$ a week from home with crypto, guaranteed profit', 'off_topic'],
    ['תעבירו הלאה ל-10 אנשים ותקבלו מתנה מהבנק', 'off_topic'],
  ])('%s → %s', (text, intent) => {
    expect(labelMessage(text).intent).toBe(intent);
  });
});

describe('emotion', () => {
  it.each([
    ['So happy we hit our goal! 🎉', 'joy'],
    ['איזה כיף, הצלחנו!', 'joy'],
    ['Sorry to hear about your loss, sending strength 💔', 'sadness'],
    ['עצוב לשמוע, משתתפים בצערך', 'sadness'],
    ['This is outrageous, I am furious with the landlord 😡', 'anger'],
    ['נמאס כבר, זה לא מקובל!', 'anger'],
    ["I'm worried about the new tax rules, scared we'll get fined", 'fear'],
    ['אני חוששת ממה שיקרה, ממש מפחיד', 'fear'],
    ["Wow, can't believe 150 people showed up! 🤯", 'surprise'],
    ['The bathrooms were filthy, disgusting 🤮', 'disgust'],
    ['I highly recommend Michal, reliable and honest', 'trust'],
    ['ממליצה בחום, אמינה ומקצועית', 'trust'],
    ["Can't wait for the summer party, see you there!", 'anticipation'],
    ['מחכים לראות את כולם במסיבה!', 'anticipation'],
    ['The office will be closed on Sunday', 'neutral'],
  ])('%s → %s', (text, emotion) => {
    expect(labelMessage(text).emotion).toBe(emotion);
  });
});

describe('sentiment', () => {
  it.each([
    ['The workshop was excellent, thank you!', 1],
    ['האירוע היה מדהים, תודה רבה', 1],
    ['Terrible service, never again', -1],
    ['שירות גרוע, מאוכזבת', -1],
    ['The office will be closed on Sunday', 0],
    ['Can anyone recommend a good accountant?', 0],
  ])('%s has sign %d', (text, sign) => {
    const s = labelMessage(text).sentiment;
    if (sign > 0) expect(s).toBeGreaterThan(0.1);
    else if (sign < 0) expect(s).toBeLessThan(-0.1);
    else expect(Math.abs(s)).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['It was good', 'It was not good'],
    ['The service is reliable', "The service isn't reliable"],
    ['השירות טוב', 'השירות לא טוב'],
    ['הם אמינים', 'הם אינם אמינים'],
  ])('negation flips "%s" → "%s"', (positive, negated) => {
    expect(scoreSentiment(analyze(positive))).toBeGreaterThan(0.1);
    expect(scoreSentiment(analyze(negated))).toBeLessThan(-0.1);
  });

  it('stops a negation at a comma: "לא טוב, מאוכזבת" is negative twice', () => {
    expect(scoreSentiment(analyze('השירות לא טוב, מאוכזבת'))).toBeLessThan(-0.5);
  });

  it('treats "not bad" and "לא רע" as mildly positive', () => {
    expect(scoreSentiment(analyze('not bad at all'))).toBeGreaterThan(0);
    expect(scoreSentiment(analyze('לא רע בכלל'))).toBeGreaterThan(0);
  });

  it('strengthens with intensifiers and weakens with diminishers', () => {
    const plain = scoreSentiment(analyze('the talk was good'));
    expect(scoreSentiment(analyze('the talk was really very good'))).toBeGreaterThan(plain);
    expect(scoreSentiment(analyze('the talk was slightly good'))).toBeLessThan(plain);
    expect(scoreSentiment(analyze('ההרצאה הייתה ממש טובה'))).toBeGreaterThan(
      scoreSentiment(analyze('ההרצאה הייתה טובה')),
    );
  });

  it('weighs what follows "but" more', () => {
    expect(scoreSentiment(analyze('The venue was nice but the food was terrible'))).toBeLessThan(0);
    expect(scoreSentiment(analyze('המקום היה יפה אבל האוכל היה גרוע'))).toBeLessThan(0);
  });

  it.each([
    ['The sunset over the bay was stunning', 1],
    ['Our new babysitter is thoughtful and punctual', 1],
    ['What a heartwarming story, thankful for this street', 1],
    ['We are devastated by the news', -1],
    ['The landlord is incompetent and dishonest', -1],
    ['Getting a refund from them was a hassle, a total disaster', -1],
  ])('reads everyday words of liking and displeasure: "%s" has sign %d', (text, sign) => {
    const s = scoreSentiment(analyze(text));
    if (sign > 0) expect(s).toBeGreaterThan(0.1);
    else expect(s).toBeLessThan(-0.1);
  });

  it('reads emoji', () => {
    expect(scoreSentiment(analyze('🎉🎉🥳'))).toBeGreaterThan(0.5);
    expect(scoreSentiment(analyze('😡👎'))).toBeLessThan(-0.5);
  });

  it('keeps every score within -1..1', () => {
    for (const t of ['amazing amazing amazing!!!!', 'worst worst worst terrible awful!!!!']) {
      const s = labelMessage(t).sentiment;
      expect(s).toBeGreaterThanOrEqual(-1);
      expect(s).toBeLessThanOrEqual(1);
    }
  });
});

describe('toxicity', () => {
  it.each([
    'you are such an idiot, shut up',
    'Go to hell with your spam',
    'יא מטומטם, תסתום כבר',
    'לך תזדיין עם הספאם שלך',
    'אתה אפס, תעוף מהקבוצה',
  ])('flags "%s"', (text) => {
    expect(labelMessage(text).toxicity).toBeGreaterThanOrEqual(0.5);
  });

  it.each([
    'That is a killer feature, well done',
    'Kill the process and restart the server',
    'Sorry if this is a dumb question, how do I change my photo?',
    'This bug is killing me',
    'הפיצה שם טעימה רצח',
    'כוס קפה ומאפה ב-20 ש"ח',
    'פח הזבל ברחוב מלא כבר שבוע',
    'העמותה צריכה מתנדבים לחלוקת סלי מזון',
    'סליחה על השאלה המטומטמת, איך משנים תמונה?',
    'The sink is clogged again',
  ])('does not flag the ordinary "%s"', (text) => {
    expect(labelMessage(text).toxicity).toBeLessThan(0.5);
  });

  it('weighs an insult aimed at someone more than a general one', () => {
    expect(labelMessage('you are stupid').toxicity).toBeGreaterThan(labelMessage('stupid printer').toxicity);
  });
});

describe('topic', () => {
  it.each([
    ['We are hiring a QA engineer, send your CV', 'Hiring & Jobs'],
    ['מחפשת עבודה כמנהלת חשבונות, אשמח להפניה', 'Hiring & Jobs'],
    ['We reached 80% of our crowdfunding goal, every donation counts', 'Fundraising'],
    ["מחפשים משקיעי אנג'ל לסבב סיד", 'Fundraising'],
    ['Webinar tonight at 20:30, link to register below', 'Events'],
    ['ממליצה בחום על האינסטלטור משה', 'Recommendations & Suppliers'],
    ['My laptop keeps crashing after the update', 'Technology'],
    ['האתר קורס כל הזמן, יש באג בשרת', 'Technology'],
    ['Anyone know a good SEO agency?', 'Marketing'],
    ['צריך עורך דין לחוזה עבודה', 'Legal'],
    ['Sublet available in Florentin, furnished apartment with a balcony', 'Real Estate'],
    ['מישהו יכול לחבר אותי למנטור בתחום?', 'Networking'],
    ['Group rules reminder: no spam, be kind', 'Announcements'],
    ['Happy birthday Avi!!', 'Social'],
  ])('%s → %s', (text, topic) => {
    expect(labelMessage(text).topic).toBe(topic);
  });

  it.each(['Did anyone watch the game last night?', 'you are an idiot', 'Earn money from home with crypto'])(
    'gives no topic (General) to "%s"',
    (text) => {
      expect(labelMessage(text).topic).toBeNull();
    },
  );
});

describe('action items', () => {
  it.each([
    ['Please send the deck by Friday.', ['Please send the deck by Friday.']],
    ["Don't forget to book the room for Sunday", ["Don't forget to book the room for Sunday"]],
    ['We need to decide on the venue by tomorrow. Thanks!', ['We need to decide on the venue by tomorrow.']],
    [
      'Dana, please send the budget. Avi, could you book a room?',
      ['Dana, please send the budget.', 'Avi, could you book a room?'],
    ],
    ['נא לשלוח את הטפסים עד יום חמישי', ['נא לשלוח את הטפסים עד יום חמישי']],
    ['צריך להחליט על המקום עד מחר', ['צריך להחליט על המקום עד מחר']],
    ['אל תשכחו להביא תעודת זהות', ['אל תשכחו להביא תעודת זהות']],
    ['תשלחו לי את הקבצים עד הערב', ['תשלחו לי את הקבצים עד הערב']],
    ['חייבים לסגור את הספק השבוע', ['חייבים לסגור את הספק השבוע']],
  ])('finds the tasks of "%s"', (text, items) => {
    expect(extractActionItems(analyze(text))).toEqual(items);
  });

  it.each([
    'Good morning everyone!',
    'How do I change my profile picture?',
    'The meetup was great, thanks',
    'מישהו יודע איך משנים תמונת פרופיל?',
    'תודה רבה לכולם',
  ])('finds no task in "%s"', (text) => {
    expect(extractActionItems(analyze(text))).toEqual([]);
  });
});

// Each rule of classifier.ts that must hold whatever the weights say, in both languages. The
// sentences are written for these tests, not taken from the evaluation set.
describe('rules that hold for every message', () => {
  it.each([
    'There is a strong smell of gas on the third floor',
    'Smoke is coming out of the electrical room, call the fire brigade',
    'Someone is stuck in the lift between floors 4 and 5',
    'The production database is down and no customer can pay',
    'יש ריח חזק של גז בקומה השלישית',
    'יוצא עשן מחדר החשמל, תתקשרו לכבאות',
    'מישהו תקוע במעלית בין הקומות',
    'אין חשמל בכל הבניין כרגע',
  ])('an emergency or an outage happening now is high urgency: %s', (text) => {
    expect(labelMessage(text).urgency).toBe('high');
  });

  it.each([
    'No rush at all, but could someone lend me a drill sometime?',
    'Whenever is convenient, no rush, I would love feedback on my logo',
    'אין לחץ, מתי שנוח, מישהו יכול להשאיל לי מקדחה?',
    'בלי לחץ בכלל, אשמח לפידבק על הלוגו מתי שיהיה לכם זמן',
  ])('"no rush" makes it low urgency: %s', (text) => {
    expect(labelMessage(text).urgency).toBe('low');
  });

  it.each([
    'We need two more volunteers tonight for the food drive, who can come?',
    'Does anyone have a babysitter free this evening?',
    'צריכים עוד שני מתנדבים הערב לחלוקת המזון, מי יכול?',
    'למישהו יש בייביסיטר פנויה להערב?',
  ])('something asked for today or tonight is high urgency: %s', (text) => {
    expect(labelMessage(text).urgency).toBe('high');
  });

  it.each([
    'So sorry to hear about your father, sending love to the whole family',
    'Deepest condolences to Noa and her family',
    'משתתפים בצערכם, מחבקים את כל המשפחה',
    'אין מילים, מצטערת מאוד על האובדן',
  ])('condolences are support with a negative sign: %s', (text) => {
    const l = labelMessage(text);
    expect(l.intent).toBe('support');
    expect(l.sentiment).toBeLessThan(-0.1);
  });

  it.each([
    '50% OFF all supplements today only!! DM me to order, link in bio www.example-shop.com',
    'Forward this to 10 friends or you will have bad luck for a year',
    'מבצע מטורף!!! 70% הנחה רק היום, לפרטים שלחו הודעה 050-1234567',
    'תעבירו את ההודעה הזאת ל-10 אנשים ותקבלו מזל',
  ])('a sales pitch or a chain message is off topic: %s', (text) => {
    expect(labelMessage(text).intent).toBe('off_topic');
  });
});
