/*
 * Texts in several languages for the tests of issue 30 (written for these tests).
 */

/** A short German news article, four paragraphs. */
export const GERMAN_ARTICLE = [
  'Die Stadt Freiburg hat am Montag einen neuen Plan für den öffentlichen Verkehr vorgestellt. Bis zum Jahr 2030 sollen 40 neue Straßenbahnen fahren, und die Fahrpreise für Schüler werden halbiert.',
  'Oberbürgermeister Martin Horn sagte, der Plan koste rund 250 Millionen Euro. Das Land Baden-Württemberg übernimmt nach seinen Worten etwa die Hälfte der Kosten.',
  'Kritiker aus dem Gemeinderat bemängeln, dass die Radwege in dem Plan zu kurz kommen. Sie fordern, dass mindestens zehn Prozent des Geldes in sichere Radwege fließen.',
  'Die ersten neuen Bahnen sollen im Herbst 2026 auf der Linie 4 fahren. Die Bürger können ihre Meinung zu dem Plan bis Ende März im Rathaus abgeben.',
].join('\n\n');

/** An English text of about the same length as GERMAN_ARTICLE. */
export const ENGLISH_ARTICLE = [
  'The city council of Leeds approved a new plan for its parks on Tuesday. Twelve parks will get new playgrounds, and the council will plant 5,000 trees along the river by 2028.',
  'Council leader James Lewis said the plan would cost about 30 million pounds. Most of the money comes from a national fund for green spaces, he told reporters.',
  'Residents welcomed the trees but asked for more benches and public toilets. A survey found that two in three visitors would stay longer if there were more places to sit.',
  'Work on the first playgrounds starts in the spring. The council will publish a map of the new trees on its website before the end of the year.',
].join('\n\n');

/** A Spanish paragraph. */
export const SPANISH_TEXT =
  'El ayuntamiento de Sevilla aprobó el martes un plan para reducir el tráfico en el centro histórico. A partir de enero, solo los vecinos y los autobuses podrán entrar en las calles más estrechas del barrio.';

/** A Persian text (right to left), two paragraphs. */
export const PERSIAN_TEXT = [
  'شهرداری تهران روز دوشنبه طرح تازه‌ای برای گسترش پارک‌های شهر اعلام کرد. بر اساس این طرح، تا پایان سال آینده بیست پارک کوچک در محله‌های جنوبی شهر ساخته می‌شود.',
  'شهردار گفت که هزینه این طرح از بودجه شهری و کمک‌های مردمی تأمین خواهد شد. ساکنان محله‌ها می‌توانند پیشنهادهای خود را تا پایان ماه به شهرداری بفرستند.',
].join('\n\n');

/** An Arabic text (right to left). */
export const ARABIC_TEXT =
  'أعلنت وزارة التعليم يوم الأحد عن خطة جديدة لبناء مئة مدرسة في المناطق الريفية. وقال الوزير إن المدارس الجديدة ستفتح أبوابها للطلاب في بداية العام الدراسي المقبل، وإن الخطة ستوفر آلاف الوظائف للمعلمين.';

/** A Japanese text of exactly 50 code points (the least a pasted text may have). */
export const JAPANESE_50 =
  '東京都は新しい公園を十か所に作ると発表しました。工事は来年の春に始まり、三年後の秋に終わる予定です。';
