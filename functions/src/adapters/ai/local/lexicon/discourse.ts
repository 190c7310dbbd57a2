/**
 * Discourse cues of both languages, by what they signal about a message: a complaint that
 * something happens again, an offer of help, an invitation, something going on right now, a deadline
 * today, an ad, a chain message... The classifiers' weights read each category as one feature
 * (features.ts), so a cue learned from Hebrew messages counts for English ones and back. Written from
 * general knowledge of how community chats are phrased, never from the evaluation set.
 */
export const DISCOURSE_CUES: Readonly<Record<string, readonly string[]>> = {
  again: [
    'again', 'once again', 'yet again', 'still', 'keeps', 'keep on', 'every time', 'every single', 'for weeks',
    'for days', 'for a month', 'for months', 'third time', 'second time', 'in a row', 'over and over', 'as usual',
    'שוב', 'עוד פעם', 'שוב פעם', 'כבר שבוע', 'כבר שבועיים', 'כבר חודש', 'כבר חודשים', 'כל פעם', 'כל יום מחדש',
    'עדיין', 'בפעם השלישית', 'בפעם השנייה', 'ברצף', 'כרגיל', 'פעם אחר פעם',
  ],
  unanswered: [
    'nobody answers', 'no one answers', 'nobody is answering', 'no one is answering', 'not answering', 'no answer',
    'no reply', 'nobody told us', 'no one told us', 'nobody does anything', 'no one does anything', 'nobody cares',
    'hasn\'t replied', 'goes to voicemail', 'ignored',
    'אף אחד לא עונה', 'לא עונה', 'לא עונים', 'אין מענה', 'אין תשובה', 'אף אחד לא הודיע', 'אף אחד לא עושה כלום',
    'אף אחד לא מתייחס', 'לא חוזרים אליי', 'מתעלמים',
  ],
  displeasure: [
    'ridiculous', 'unacceptable', 'not okay', 'not ok', 'fed up', 'tired of', 'sick of', 'enough', 'seriously',
    'what is going on', 'how is this', 'waste of', 'robbery', 'rip-off', 'disrespectful', 'nightmare', 'unreal',
    'outrageous', 'absurd', 'joke', 'shameful', 'frustrating', 'annoying', 'disappointing', 'unbelievable',
    'לא מקובל', 'לא הגיוני', 'נמאס', 'די כבר', 'חוצפה', 'בושה', 'מגוחך', 'שערורייה', 'זלזול', 'איך יכול להיות',
    'מה קורה פה', 'עושק', 'מתסכל', 'מעצבן', 'מאכזב', 'לא ייאמן', 'בדיחה', 'חוסר אחריות', 'חוסר כבוד', 'באסה',
  ],
  offer: [
    'if anyone needs', 'if you need', 'if anyone wants', 'anyone who needs', 'happy to help', 'happy to share',
    'happy to lend', 'i have a spare', 'we have a spare', 'giving away', 'free to whoever', 'free to anyone',
    'for whoever asked', 'whoever asked', 'for anyone asking', 'for anyone looking', 'to whoever asked',
    'i can help', 'let me know if you need', 'feel free to use', 'feel free to steal', "i'll send", 'i will send',
    'message me and i', 'shout if you need', 'here if you need', 'we can lend', 'tip', 'pro tip',
    'אם מישהו צריך', 'מי שצריך', 'למי שצריך', 'אשמח לעזור', 'אשמח לשתף', 'אשמח להשאיל', 'יש לי מיותר',
    'מוסרת', 'מוסר', 'למסירה', 'בחינם למי', 'למי ששאל', 'למי ששאלה', 'למי שמחפש', 'לכל מי ששאל',
    'אני יכול לעזור', 'אני יכולה לעזור', 'תרגישו חופשי', 'ואשלח', 'אני פה', 'אני כאן', 'טיפ', 'טיפ קטן',
  ],
  invite: [
    'join us', 'come along', 'come say hi', 'see you there', 'everyone welcome', 'all welcome', 'welcome to join',
    'save the date', 'rsvp', 'register', 'sign up', 'bring a', "don't miss", 'free entry', 'who\'s coming',
    'who is coming', 'who\'s in', 'tickets',
    'מוזמנים', 'מוזמנות', 'בואו', 'נתראה', 'הכניסה חופשית', 'כניסה חופשית', 'שמרו את התאריך', 'להירשם',
    'הרשמה', 'תביאו', 'אל תפספסו', 'מי בא', 'מי מגיע', 'מי מצטרף', 'כרטיסים',
  ],
  starting_soon: [
    'starting in', 'live in', 'starts in', 'we\'re live', 'going live', 'in 15 minutes', 'in 30 minutes',
    'in an hour', 'in half an hour', 'starts at', 'kicks off',
    'מתחילים בעוד', 'מתחיל בעוד', 'בעוד שעה', 'בעוד חצי שעה', 'עוד שעה', 'עוד חצי שעה', 'עוד רבע שעה',
  ],
  now: [
    'right now', 'at the moment', 'since this morning', 'for an hour', 'for two hours', 'for 30 minutes',
    'as we speak', 'minutes ago', 'an hour ago', 'need it now', 'come now',
    'ממש עכשיו', 'מהבוקר', 'מאז הבוקר', 'כבר שעה', 'כבר שעתיים', 'כבר חצי שעה', 'לפני רבע שעה',
    'לפני חצי שעה', 'לפני שעה', 'לפני עשר דקות', 'ברגעים אלה',
  ],
  now_word: ['now', 'currently', 'just now', 'עכשיו', 'כרגע'],
  today: [
    'today', 'tonight', 'this evening', 'this afternoon', 'by tonight', 'until midnight', 'at midnight',
    'end of day', 'eod', 'by 5', 'this morning',
    'היום', 'הערב', 'הלילה', 'עד הערב', 'עד חצות', 'בחצות', 'עד סוף היום', 'היום אחר הצהריים', 'הבוקר',
  ],
  days: [
    'tomorrow', 'this week', 'this weekend', 'by friday', 'by monday', 'next week', 'in two days',
    'day after tomorrow', 'by the end of the week',
    'מחר', 'מחרתיים', 'השבוע', 'בסופ"ש', 'סוף השבוע', 'בשבוע הבא', 'עד סוף השבוע', 'עד יום',
  ],
  far: [
    'next month', 'in two weeks', 'later this year', 'in the spring', 'in september', 'save the date',
    'בחודש הבא', 'בעוד שבועיים', 'בהמשך השנה', 'באביב', 'בספטמבר',
  ],
  greeting: [
    'good morning', 'morning all', 'morning everyone', 'good evening', 'good night', 'happy friday',
    'happy sunday', 'shabbat shalom', 'have a great', 'have a good',
    'בוקר טוב', 'ערב טוב', 'לילה טוב', 'שבת שלום', 'שבוע טוב', 'חג שמח', 'סופ"ש נעים', 'יום נעים',
  ],
  thanks: ['thank you', 'thanks', 'thx', 'grateful', 'shoutout', 'תודה', 'תודה רבה', 'מודה', 'תודות', 'הערכה'],
  congrats: [
    'congrats', 'congratulations', 'well done', 'mazal tov', 'happy birthday', 'well deserved', 'so proud',
    'מזל טוב', 'כל הכבוד', 'יום הולדת שמח', 'מגיע לך', 'גאים בך', 'גאה בך',
  ],
  sympathy: [
    'sorry to hear', 'so sorry', 'sorry for your loss', 'condolences', 'thinking of you', 'sending love',
    'sending strength', 'sending a hug', 'hug', 'get well', 'heartbroken', 'our thoughts', 'may her memory',
    'may his memory', 'you\'ve got this', 'don\'t give up', 'hang in there',
    'משתתף בצערך', 'משתתפת בצערך', 'משתתפים בצערכם', 'עצוב לשמוע', 'קשה לשמוע', 'צר לי', 'חיבוק', 'רפואה שלמה',
    'החלמה מהירה', 'מחזקת אותך', 'מחזק אותך', 'יהי זכרו ברוך', 'יהי זכרה ברוך', 'אל תוותרי', 'אל תוותר',
    'אל תתייאשי', 'חיזוקים',
  ],
  ad: [
    'off all', 'discount', 'sale', 'limited', 'only today', 'today only', 'this week only', 'dm me',
    'dm for', 'message me', 'order now', 'book now', 'call now', 'link in bio', 'earn', 'income', 'guaranteed',
    'returns', 'crypto', 'join my team', 'spots left', 'seats left', 'free consultation', 'launch price',
    'opportunity', 'passive', 'followers',
    'מבצע', 'הנחה', 'רק היום', 'בפרטי', 'להזמנות', 'מקומות אחרונים', 'תשואה', 'להרוויח', 'הכנסה', 'מובטח',
    'מובטחת', 'מחיר השקה', 'לינק בביו', 'פרטים בוואטסאפ', 'הזדמנות', 'חייגו עכשיו',
  ],
  chain: [
    'forward this', 'forward to', 'share with everyone', 'copy and paste', 'pass it on', 'forwarded as received',
    'העבירו', 'תעבירו', 'שתפו את כולם', 'העתיקו', 'תעבירו הלאה', 'העבירו הלאה',
  ],
  politics: [
    'election', 'elections', 'government', 'prime minister', 'minister', 'politicians', 'political', 'vote for',
    'voted for', 'voting', 'the left', 'the right', 'senate', 'congress', 'parliament', 'governor',
    'בחירות', 'ממשלה', 'הממשלה', 'ראש הממשלה', 'השר', 'מפלגה', 'להצביע', 'הצביע', 'פוליטיקאים', 'פוליטיקה',
    'הכנסת', 'בקלפי', 'שמאל', 'ימין', 'קואליציה',
  ],
  ask_people: [
    'does anyone know', 'anyone know', 'has anyone', 'can anyone', 'could someone', 'can someone', 'who can',
    'anyone have', 'does anyone have', 'is anyone', 'anyone free', 'anybody', 'any takers', 'who\'s free',
    'would anyone', 'anyone want',
    'מישהו יודע', 'מישהו מכיר', 'למישהו יש', 'מי יכול', 'מי יכולה', 'מישהו יכול', 'מישהי יכולה', 'יש מישהו',
    'מישהו ראה', 'מי פנוי', 'מי רוצה', 'מישהו נוסע', 'מישהו מצא',
  ],
  ask_info: [
    'how do', 'how does', 'how much', 'how long', 'what is', 'when is', 'when does', 'where is', 'where can',
    'which', 'why', 'is it', 'is there', 'are there', 'what time', 'what do you think',
    'איך', 'מתי', 'איפה', 'למה', 'האם', 'איזה', 'איזו', 'כמה', 'מה דעתכם', 'מה ההבדל', 'עד מתי', 'יש טעם',
  ],
  seek: [
    'looking for', 'need a', 'need an', 'need someone', 'recommend', 'recommendation', 'recommendations',
    'any suggestions', 'know a good', 'in search of', 'would appreciate', 'i\'d love', 'could you',
    'מחפש', 'מחפשת', 'מחפשים', 'צריך', 'צריכה', 'צריכים', 'המלצה', 'המלצות', 'ממליצים', 'אשמח ל', 'אשמח אם',
  ],
  vouch: [
    'highly recommend', 'can\'t recommend', 'strongly recommend', 'recommend him', 'recommend her', 'worth every',
    'did a great job', 'did a fantastic job', 'lifesaver', 'rock solid', 'legit',
    'ממליץ בחום', 'ממליצה בחום', 'ממליצים בחום', 'עשה עבודה מעולה', 'עשתה עבודה מעולה', 'מקצועי ואמין', 'שווה כל שקל',
  ],
  news: [
    'we launched', 'just launched', 'now live', 'is out', 'released', 'update:', 'heads up', 'fyi', 'please note',
    'note:', 'from monday', 'from next month', 'starting monday', 'reminder:', 'notice', 'announcement',
    'השקנו', 'עלה לאוויר', 'עלינו לאוויר', 'עדכון', 'לידיעתכם', 'לידיעת', 'שימו לב', 'החל מ', 'מעכשיו', 'הודעה',
  ],
  hiring: [
    'hiring', 'we\'re hiring', 'now hiring', 'open role', 'open position', 'job opening', 'apply', 'send your cv',
    'דרוש', 'דרושה', 'דרושים', 'משרה פתוחה', 'מגייסים', 'קו"ח',
  ],
  urgent: ['help!', 'urgent', 'urgently', 'asap', 'sos', 'עזרה!', 'דחוף', 'דחופה', 'בדחיפות', 'הצילו', 'מיידי'],
  emergency: [
    'emergency', 'ambulance', 'fire brigade', 'fire department', 'fire service', 'not breathing', 'unconscious',
    'not responding', 'bleeding', 'collapsed', 'fainted', 'stuck inside', 'trapped',
    'חירום', 'מד"א', 'אמבולנס', 'כבאים', 'כיבוי אש', 'לא נושם', 'מחוסר הכרה', 'לא מגיב', 'מדמם', 'התעלף',
    'התעלפה', 'נתקע בפנים', 'תקוע בפנים', 'תקועה בפנים',
  ],
  not_real: [
    'drill', 'test', 'testing', 'exercise', 'talk', 'workshop', 'course', 'lecture', 'training', 'no need to',
    'תרגיל', 'בדיקה', 'ניסוי', 'הרצאה', 'סדנה', 'קורס', 'שיעור', 'אין צורך',
  ],
  calm: [
    'no rush', 'whenever', 'not urgent', 'no hurry', 'when you have time', 'nothing urgent', 'no pressure',
    'אין לחץ', 'לא דחוף', 'מתי שנוח', 'בלי לחץ', 'כשיהיה זמן', 'לא בוער',
  ],
  worry: [
    'worried', 'scared', 'panic', 'panicking', 'please help', 'afraid', 'terrified', 'freaking out', 'nervous',
    'מפחדת', 'מפחד', 'בלחץ', 'דואגת', 'דואג', 'חוששת', 'חושש', 'בפאניקה', 'לחוצה',
  ],
  past: [
    'yesterday', 'last night', 'last week', 'was', 'were', 'went', 'had', 'did',
    'אתמול', 'היה', 'הייתה', 'היו', 'בשבוע שעבר', 'אמש',
  ],
  future_plan: [
    'will be', 'going to', 'planned', 'scheduled', 'next', 'upcoming', 'will take place',
    'יהיה', 'תהיה', 'יתקיים', 'תתקיים', 'מתוכנן', 'מתוכננת', 'הקרוב', 'הקרובה',
  ],
};
