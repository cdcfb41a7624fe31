/*
 * Passages that address an AI model rather than a reader (issue 28): "ignore all previous
 * instructions", "you are now…", "as a language model", "summarize this as…", "rate this
 * positively", "do not mention…", and the same in German, French, Spanish, Italian and
 * Portuguese ("ignoriere alle vorherigen Anweisungen", "ignora las instrucciones anteriores").
 * Preprints of 2025 hid such lines in white text for the models reviewers used. They are
 * listed for the person (`instructionLike`) and never obeyed: Gemini gets the document fenced
 * as data, and the local summarizer never picks them.
 *
 * The patterns are narrow on purpose: "the wetlands act as a buffer" or "workers often ignore
 * safety instructions" is prose about the world, not an order to a model. Each pattern needs
 * the words that make it an order: an imperative at the start of a clause, or a qualifier
 * ("all previous", "your") that only an instruction to a model has.
 */

/** A passage addressed to an AI, and whether a reader of the document could see it. */
export interface InstructionLikePassage {
  text: string;
  hidden: boolean;
}

/** Where an imperative may stand: the start of the text or a clause, or after "please". */
const CLAUSE_START = String.raw`(?:^|[.!?:;"“(\[\n]\s*|\b(?:please|now|and|then|instead|also)\s+|\byou\s+(?:must|should|will|shall)\s+)`;

const PATTERNS: readonly RegExp[] = [
  // Overriding the instructions a model was given.
  /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+)?(?:(?:of\s+)?(?:the|your|my|these|those)\s+)?(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|former|all|any)\s+(?:\w+\s+)?(?:instructions?|prompts?|directives?|guidelines|commands|rules|context)\b/iu,
  /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:your|the)\s+(?:instructions?|prompts?|system\s+prompt|guidelines|programming|training)\b/iu,
  /\b(?:new|updated|real|actual|hidden)\s+instructions?\s*:/iu,
  /\[\/?INST\]|<\|im_(?:start|end)\|>|<\/?s>\s*\[INST\]|###\s*(?:instruction|system)\b/iu,
  // Role-play prompts.
  /\byou\s+are\s+now\s+(?:a|an|the|in|my|no\s+longer|DAN)\b/iu,
  /\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|shall|should)\b/iu,
  new RegExp(
    `${CLAUSE_START}(?:act|behave|respond|answer)\\s+as\\s+(?:if\\s+you\\s+(?:are|were)|an?\\s+|my\\s+|the\\s+)`,
    'iu',
  ),
  new RegExp(
    `${CLAUSE_START}(?:pretend|imagine)\\s+(?:to\\s+be|that\\s+you\\s+are|you\\s+are)\\b`,
    'iu',
  ),
  /\b(?:role-?play|roleplay)\s+as\b/iu,
  // Speaking to the model as such.
  // "Such as an AI tool" names one; "as an AI, you…" speaks to one.
  /(?<!\b(?:such|same|known|regarded|seen|used|described|designed|built|trained)\s)\bas\s+an?\s+(?:ai|a\.i\.|large\s+language\s+model|language\s+model|llm|ai\s+(?:model|assistant|language\s+model)|chatbot)\b/iu,
  /\bif\s+you\s+are\s+an?\s+(?:ai|llm|large\s+language\s+model|language\s+model|automated|ai\s+\w+|machine|bot)\b/iu,
  /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:the\s+)?(?:ai|llms?|language\s+models?|chatgpt|gemini|claude|the\s+model|automated\s+reviewers?|ai\s+reviewers?)\b/iu,
  /\b(?:ai|llm|language\s+model|chatgpt|gemini|claude|assistant)s?\s*,?\s+(?:reading|reviewing|summari[sz]ing|processing)\s+this\b/iu,
  // Orders about the summary or the review.
  /\bsummari[sz]e\s+(?:this|it|the\s+(?:paper|document|article|text|page|study|submission))\s+(?:\w+\s+){0,2}as\b/iu,
  /\b(?:in|when\s+writing)\s+(?:your|the)\s+summary,?\s+(?:say|state|mention|write|describe|call|claim|conclude|emphasi[sz]e)\b/iu,
  /\bwhen\s+summari[sz]ing\s+(?:this|it)\b/iu,
  /\brate\s+(?:this|it|the\s+(?:paper|document|article|submission|manuscript|study))\s+(?:\w+\s+)?(?:positively|highly|favou?rably|well|as\s+excellent)\b/iu,
  /\bgive\s+(?:(?:this|it|the)\s+(?:(?:paper|document|article|submission|manuscript|study|work)\s+)?)?(?:a|an|only)\s+(?:positive|favou?rable|good|high|glowing|excellent|strong)\s+(?:review|rating|score|assessment|evaluation|summary|recommendation)s?\b/iu,
  /\b(?:recommend|rate)\s+(?:this|it|the)\s+(?:(?:paper|submission|manuscript|study|work)\s+)?(?:for\s+)?(?:acceptance|accept|5\s+stars|10\s*\/\s*10)\b/iu,
  new RegExp(
    `${CLAUSE_START}(?:do\\s+not|don['’]t|never)\\s+(?:mention|reveal|disclose|highlight|point\\s+out|discuss|criticis[ez]|note)\\b`,
    'iu',
  ),
  /\b(?:only|exclusively)\s+(?:mention|highlight|discuss|state)\s+(?:the\s+)?(?:positive|strengths|positives|good)\b/iu,
];

/** A letter, digit or `_` of any script: `\w` for languages other than English. */
const LETTER = String.raw`[\p{L}\p{N}_]`;

/** A pattern of another language, and whether it must stand where a clause starts. */
interface OtherPattern {
  source: string;
  clause: boolean;
}

/**
 * A pattern written with `\b` and `\w`, read for any script: `\w` a letter, digit or `_` of any
 * language (JavaScript's `\w` and `\b` know only ASCII, so `\bénumère` never matches), `\b`
 * the start of a word where it opens the pattern or an alternative, else the end of one.
 */
function anyScript(source: string, clause = false): OtherPattern {
  const translated = source
    .replace(/\\b/g, (_boundary, offset: number) =>
      offset === 0 || /(?:\||\()$|\(\?:$/.test(source.slice(0, offset))
        ? `(?<!${LETTER})`
        : `(?!${LETTER})`,
    )
    .replaceAll(String.raw`\w`, LETTER);
  return { source: translated, clause };
}

/** anyScript, for an order that must stand where a clause starts (CLAUSE_BEFORE). */
function clauseScript(source: string): OtherPattern {
  return anyScript(source, true);
}

/**
 * What stands before an imperative in German, French, Spanish, Italian and Portuguese, at the
 * end of the text before it: the end of a sentence or clause (¡ ¿ « „ too), or a word of
 * politeness or sequence. In these languages the imperative is often the third person's form
 * ("ignora", "ignore", "résume", "actúa"): "El alcalde ignora las instrucciones anteriores" is
 * prose, so most of their patterns need this start. The text's start is checked apart.
 */
const CLAUSE_BEFORE = new RegExp(
  String.raw`(?:[.!?:;"“”«»„¡¿(\[\n]\s*|(?<!${LETTER})(?:bitte|und|dann|jetzt|nun|et|puis|maintenant|veuillez|s['’]il\s+(?:te|vous)\s+plaît,?|por\s+favor,?|y|luego|ahora|per\s+favore,?|e|poi|ora|adesso|depois|agora)\s+)$`,
  'iu',
);

/** Whether the text before `at` lets an imperative start there. */
function clauseStartsAt(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  if (at === before.length && before.trim() === '') return true;
  return CLAUSE_BEFORE.test(before);
}

/** Passages addressed to a model in German, French, Spanish, Italian and Portuguese. */
const OTHER_LANGUAGE_PATTERNS: readonly OtherPattern[] = [
  // German: overriding, role-play, speaking to the model, orders about the summary or review.
  anyScript(
    String.raw`\b(?:ignoriere|ignorier|ignorieren\s+Sie|vergiss|vergessen\s+Sie|missachte|missachten\s+Sie|übergehe|übergehen\s+Sie)\s+(?:bitte\s+)?(?:alle\s+|sämtliche\s+)?(?:(?:die|deine|Ihre|diese|meine)\s+)?(?:vorherigen|vorigen|bisherigen|obigen|vorangegangenen|früheren|ursprünglichen|alten|alle|deine|Ihre)\s+(?:\w+\s+)?(?:Anweisungen|Anweisung|Instruktionen|Befehle|Vorgaben|Regeln|Anordnungen|Prompts?)\b`,
  ),
  anyScript(
    String.raw`\b(?:neue|nouvelles?|nuevas?|nuove|novas?|echte|vraies|verdaderas|vere|verdadeiras)\s+(?:Anweisungen|Anweisung|instructions?|consignes|instrucciones|istruzioni|instruções)\s*:`,
  ),
  anyScript(
    String.raw`\b(?:du\s+bist\s+(?:jetzt|nun|ab\s+sofort)|ab\s+(?:jetzt|sofort)\s+bist\s+du|von\s+nun\s+an\s+(?:bist|wirst|musst|sollst)\s+du)\s+(?:ein|eine|der|die|das|kein|keine|mein|meine)\b`,
  ),
  clauseScript(
    String.raw`(?:agiere|handle|verhalte\s+dich|antworte)\s+(?:als|wie)\s+(?:ein|eine|der|die|mein)\b`,
  ),
  clauseScript(
    String.raw`(?:tu\s+so,?\s+als\s+(?:wärst|seist|bist)\s+du|stell\s+dir\s+vor,?\s+du\s+(?:bist|wärst))\b`,
  ),
  anyScript(
    String.raw`\bals\s+(?:eine?\s+)?(?:KI|künstliche\s+Intelligenz|Sprachmodell|KI-Modell|KI-Assistent|großes\s+Sprachmodell|LLM)\s*,?\s+(?:musst|sollst|solltest|darfst|wirst|kannst|müssen|sollten|dürfen|werden)\s+(?:du|Sie)\b`,
  ),
  anyScript(
    String.raw`\b(?:wenn|falls)\s+(?:du\s+(?:eine?\s+)?(?:KI|Sprachmodell|LLM|KI-Modell|Bot|Maschine)\s+bist|Sie\s+(?:eine?\s+)?(?:KI|Sprachmodell|LLM|KI-Modell)\s+sind)\b`,
  ),
  anyScript(
    String.raw`\b(?:Hinweis|Nachricht|Anweisung|Anweisungen)\s+(?:an|für)\s+(?:die\s+|das\s+|den\s+)?(?:KI|LLM|Sprachmodell|Modell|KI-Gutachter|KI-Reviewer|automatische\s+Gutachter)\b`,
  ),
  anyScript(
    String.raw`\b(?:fasse|fassen\s+Sie)\s+(?:dies|das|es|diesen\s+\w+|dieses\s+\w+|diese\s+\w+|den\s+\w+|das\s+\w+|die\s+\w+)\s+(?:\w+\s+){0,3}?als\s+(?:\w+\s+){0,4}?zusammen\b`,
  ),
  anyScript(String.raw`\bin\s+(?:deiner|Ihrer)\s+Zusammenfassung\b`),
  anyScript(
    String.raw`\b(?:bewerte|bewerten\s+Sie|beurteile|beurteilen\s+Sie)\s+(?:dies|das|es|diese[nrs]?\s+\w+|den\s+\w+|die\s+\w+|das\s+\w+)\s+(?:\w+\s+)?(?:positiv|wohlwollend|sehr\s+gut|hervorragend|als\s+exzellent)\b`,
  ),
  anyScript(
    String.raw`\b(?:gib|geben\s+Sie)\s+(?:\w+\s+){0,3}?(?:eine?\s+)(?:positive|gute|sehr\s+gute|hervorragende|glänzende|wohlwollende)\s+(?:Bewertung|Beurteilung|Rezension|Note|Einschätzung|Empfehlung|Zusammenfassung)\b`,
  ),
  anyScript(
    String.raw`\b(?:empfiehl|empfehlen\s+Sie)\s+(?:\w+\s+){0,3}?zur\s+(?:Annahme|Veröffentlichung|Publikation)\b`,
  ),
  clauseScript(
    String.raw`(?:erwähne|erwähnen\s+Sie|nenne|nennen\s+Sie|verschweige|kritisiere|kritisieren\s+Sie)\s+(?:\w+\s+){0,5}?nicht\b`,
  ),
  clauseScript(String.raw`(?:verschweige|verschweigen\s+Sie)\b`),
  // French.
  clauseScript(
    String.raw`(?:ignore|ignorez|oublie|oubliez|ne\s+tiens\s+pas\s+compte\s+des|ne\s+tenez\s+pas\s+compte\s+des)\s+(?:toutes\s+|tous\s+)?(?:(?:les|tes|vos|ces)\s+)?(?:instructions|consignes|directives|règles|commandes|ordres)\s+(?:précédentes|antérieures|ci-dessus|initiales|d['’]origine|du\s+système|reçues)\b`,
  ),
  anyScript(
    String.raw`\b(?:ignorez|oubliez)\s+(?:toutes\s+)?(?:les|vos)\s+(?:instructions|consignes|directives)\b`,
  ),
  anyScript(
    String.raw`\b(?:ignore|oublie)\s+(?:toutes\s+)?tes\s+(?:instructions|consignes|directives)\b`,
  ),
  anyScript(
    String.raw`\b(?:tu\s+es\s+(?:maintenant|désormais|dorénavant)|vous\s+êtes\s+(?:maintenant|désormais|dorénavant))\s+(?:un|une|le|la|l['’]|mon|ma)`,
  ),
  anyScript(
    String.raw`\b(?:à\s+partir\s+de\s+maintenant|désormais|dorénavant),?\s+(?:tu|vous)\s+(?:es|êtes|dois|devez|vas|allez|seras|serez)\b`,
  ),
  clauseScript(
    String.raw`(?:agis|agissez|réponds|répondez|comporte-toi|comportez-vous)\s+(?:comme|en\s+tant\s+que)\s+(?:si\s+(?:tu\s+étais|vous\s+étiez)|un|une|le|la|l['’]|mon|ma)`,
  ),
  clauseScript(String.raw`(?:fais|faites)\s+semblant\s+d['’]\s*être\b`),
  clauseScript(String.raw`(?:joue|jouez)\s+le\s+rôle\s+d(?:['’]|e\s|u\s)`),
  anyScript(
    String.raw`\ben\s+tant\s+qu(?:e\s+|['’]\s*)(?:une?\s+)?(?:IA|intelligence\s+artificielle|(?:grand\s+)?modèle\s+de\s+langage|LLM|assistant\s+(?:IA|d['’]\s*IA))\s*,?\s+(?:tu|vous)\b`,
  ),
  anyScript(
    String.raw`\bsi\s+(?:tu\s+es|vous\s+êtes)\s+(?:une?\s+)?(?:IA|intelligence\s+artificielle|(?:grand\s+)?modèle\s+de\s+langage|LLM|robot|assistant\s+IA)\b`,
  ),
  anyScript(
    String.raw`\b(?:note|message|instructions?|consigne)\s+(?:à|pour|aux)\s+(?:l['’]\s*IA|les\s+IA|l['’]\s*assistant|le\s+modèle|les\s+modèles\s+de\s+langage|(?:les\s+)?relecteurs\s+IA|(?:les\s+)?évaluateurs\s+IA|ChatGPT|Gemini|Claude)\b`,
  ),
  clauseScript(
    String.raw`(?:résume|résumez)\s+(?:ce|cet|cette|le|la|l['’])\s*\w*\s+(?:\w+\s+){0,2}?comme\b`,
  ),
  anyScript(String.raw`\bdans\s+(?:ton|votre)\s+résumé\b`),
  clauseScript(
    String.raw`(?:évalue|évaluez|note|notez|juge|jugez)\s+(?:ce|cet|cette|le|la|l['’])\s*\w+\s+(?:\w+\s+)?(?:positivement|favorablement|très\s+favorablement)\b`,
  ),
  anyScript(
    String.raw`\b(?:donne|donnez)\s+(?:\S+\s+){0,4}?une?\s+(?:critique|évaluation|note|avis|recommandation|appréciation)\s+(?:très\s+)?(?:positive|positif|favorable|élogieuse|élogieux|excellente|excellent)\b`,
  ),
  clauseScript(
    String.raw`(?:recommande|recommandez)\s+(?:\S+\s+){0,3}?(?:pour\s+)?(?:l['’]\s*)?(?:acceptation|publication)\b`,
  ),
  clauseScript(
    String.raw`(?:ne|n['’])\s*(?:mentionne|mentionnez|révèle|révélez|signale|signalez|cite|citez|critique|critiquez|évoque|évoquez)\s+(?:pas|jamais)\b`,
  ),
  // Spanish.
  clauseScript(
    String.raw`(?:ignora|ignore|ignorad|olvida|olvide|olvidad|omite|omita|descarta|descarte|desatiende)\s+(?:todas\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|directrices|órdenes|reglas|consignas)\s+(?:anteriores|previas|de\s+arriba|originales|iniciales|del\s+sistema|recibidas)\b`,
  ),
  anyScript(
    String.raw`\b(?:ignora|olvida|omite)\s+(?:todas\s+)?tus\s+(?:instrucciones|indicaciones|directrices)\b`,
  ),
  anyScript(
    String.raw`\b(?:ahora\s+eres|a\s+partir\s+de\s+ahora,?\s+eres|desde\s+ahora,?\s+eres|ahora\s+usted\s+es)\s+(?:un|una|el|la|mi)\b`,
  ),
  anyScript(
    String.raw`\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora|de\s+ahora\s+en\s+adelante),?\s+(?:debes|deberás|vas\s+a|serás|tienes\s+que)\b`,
  ),
  clauseScript(
    String.raw`(?:actúa|actúe|actuad|responde|responda|compórtate|compórtese)\s+como\s+(?:si\s+(?:fueras|fuera)|un|una|el|la|mi)\b`,
  ),
  clauseScript(String.raw`(?:finge|finja|fingid)\s+(?:ser|que\s+eres|que\s+es)\b`),
  clauseScript(String.raw`(?:haz|haga)\s+(?:el\s+papel|de\s+cuenta)\b`),
  clauseScript(
    String.raw`como\s+(?:un\s+|una\s+)?(?:modelo\s+de\s+lenguaje|IA|inteligencia\s+artificial|gran\s+modelo\s+de\s+lenguaje|LLM|asistente\s+de\s+IA)\s*(?:que\s+eres|,?\s+(?:tú|usted|debes|deberías|debe|tienes\s+que|no\s+debes|di|escribe|responde))\b`,
  ),
  anyScript(
    String.raw`\bsi\s+(?:eres|es\s+usted)\s+(?:un|una)\s+(?:modelo\s+de\s+lenguaje|IA|inteligencia\s+artificial|LLM|bot|asistente\s+de\s+IA)\b`,
  ),
  anyScript(
    String.raw`\b(?:nota|mensaje|instrucciones?)\s+(?:para|a)\s+(?:la\s+IA|las\s+IA|el\s+modelo|los\s+modelos\s+de\s+lenguaje|(?:los\s+)?revisores\s+(?:de\s+)?IA|el\s+asistente|ChatGPT|Gemini|Claude)\b`,
  ),
  clauseScript(
    String.raw`(?:resume|resuma|resumid)\s+(?:este|esta|el|la|lo)\s*\w*\s+(?:\w+\s+){0,2}?como\b`,
  ),
  anyScript(
    String.raw`\ben\s+(?:tu|su)\s+resumen,?\s+(?:di|diga|menciona|mencione|escribe|escriba|afirma|afirme|indica|indique|concluye|concluya)\b`,
  ),
  clauseScript(
    String.raw`(?:califica|califique|evalúa|evalúe|valora|valore|puntúa)\s+(?:este|esta|el|la)\s+\w+\s+(?:\w+\s+)?(?:positivamente|favorablemente|muy\s+bien|con\s+(?:la\s+)?(?:máxima|mejor)\s+nota)\b`,
  ),
  anyScript(
    String.raw`\b(?:dale|dele|da|dé)\s+(?:\S+\s+){0,4}?una?\s+(?:reseña|evaluación|calificación|valoración|revisión|recomendación|nota|opinión)\s+(?:muy\s+)?(?:positiva|favorable|excelente|elogiosa)\b`,
  ),
  clauseScript(
    String.raw`(?:recomienda|recomiende)\s+(?:\S+\s+){0,3}?(?:para\s+)?(?:su\s+)?(?:aceptación|publicación)\b`,
  ),
  clauseScript(
    String.raw`no\s+(?:menciones|mencione|mencionéis|reveles|revele|señales|señale|cites|cite|critiques|critique|hables\s+de|hable\s+de)\b`,
  ),
  // Italian.
  clauseScript(
    String.raw`(?:ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|trascura|trascurate)\s+(?:tutte\s+)?(?:le\s+|tue\s+|sue\s+|le\s+tue\s+)?(?:istruzioni|indicazioni|direttive|regole|consegne)\s+(?:precedenti|di\s+prima|sopra|iniziali|originali|di\s+sistema|ricevute)\b`,
  ),
  anyScript(
    String.raw`\b(?:ignora|dimentica)\s+(?:tutte\s+)?le\s+tue\s+(?:istruzioni|indicazioni|direttive)\b`,
  ),
  anyScript(
    String.raw`\b(?:ora|adesso|da\s+ora\s+in\s+poi|d['’]ora\s+in\s+poi|d['’]ora\s+in\s+avanti),?\s+(?:sei|tu\s+sei)\s+(?:un|una|uno|il|la|lo|l['’]|il\s+mio|la\s+mia)`,
  ),
  anyScript(
    String.raw`\b(?:da\s+ora\s+in\s+poi|d['’]ora\s+in\s+poi|d['’]ora\s+in\s+avanti),?\s+(?:devi|dovrai|sarai)\b`,
  ),
  clauseScript(
    String.raw`(?:agisci|agite|comportati|comportatevi|rispondi|rispondete)\s+come\s+(?:se\s+(?:tu\s+)?fossi|un|una|uno|il|la|lo|l['’]|il\s+mio)`,
  ),
  clauseScript(String.raw`(?:fingi|fingete)\s+di\s+essere\b`),
  clauseScript(String.raw`(?:interpreta|interpretate)\s+il\s+ruolo\b`),
  anyScript(
    String.raw`\bcome\s+(?:un\s+|una\s+)?(?:modello\s+linguistico|modello\s+di\s+linguaggio|IA|intelligenza\s+artificiale|(?:grande\s+)?modello\s+linguistico|LLM|assistente\s+(?:di\s+)?IA)\s*,?\s+(?:devi|dovresti|non\s+devi|tu|scrivi|rispondi|di['’])\b`,
  ),
  anyScript(
    String.raw`\bse\s+sei\s+(?:un|una|uno)\s+(?:modello\s+linguistico|modello\s+di\s+linguaggio|IA|intelligenza\s+artificiale|LLM|bot|assistente)\b`,
  ),
  anyScript(
    String.raw`\b(?:nota|messaggio|istruzioni?)\s+(?:per|a|all['’]|ai|alle)\s*(?:l['’]\s*IA|IA|il\s+modello|i\s+modelli\s+linguistici|(?:i\s+)?revisori\s+(?:di\s+)?IA|l['’]\s*assistente|ChatGPT|Gemini|Claude)\b`,
  ),
  anyScript(
    String.raw`\b(?:riassumi|riassumete)\s+(?:questo|questa|il|lo|la|l['’])\s*\w*\s+(?:\w+\s+){0,2}?come\b`,
  ),
  anyScript(String.raw`\bnel\s+(?:tuo|suo|vostro)\s+riassunto\b`),
  clauseScript(
    String.raw`(?:valuta|valutate|valuti|giudica|giudicate)\s+(?:questo|questa|il|lo|la|l['’])\s*\w+\s+(?:\w+\s+)?(?:positivamente|favorevolmente|molto\s+bene)\b`,
  ),
  anyScript(
    String.raw`\b(?:dai|date|dia|da['’])\s+(?:\S+\s+){0,4}?una?\s+(?:recensione|valutazione|giudizio|voto|parere|raccomandazione)\s+(?:molto\s+)?(?:positiva|positivo|favorevole|eccellente|entusiasta)\b`,
  ),
  clauseScript(
    String.raw`(?:raccomanda|raccomandate|consiglia)\s+(?:\S+\s+){0,3}?(?:per\s+)?(?:l['’]\s*)?(?:accettazione|pubblicazione)\b`,
  ),
  clauseScript(
    String.raw`non\s+(?:menzionare|menzionate|rivelare|rivelate|citare|citate|segnalare|evidenziare|criticare|parlare\s+di)\b`,
  ),
  // Portuguese.
  clauseScript(
    String.raw`(?:ignore|ignora|ignorem|esqueça|esquece|esqueçam|desconsidere|desconsidera|descarte)\s+(?:todas\s+)?(?:as\s+|suas\s+|tuas\s+)?(?:instruções|orientações|diretrizes|diretivas|regras|ordens)\s+(?:anteriores|prévias|acima|originais|iniciais|do\s+sistema|recebidas)\b`,
  ),
  anyScript(
    String.raw`\b(?:ignore|esqueça|desconsidere)\s+(?:todas\s+)?(?:as\s+)?suas\s+(?:instruções|orientações|diretrizes)\b`,
  ),
  anyScript(
    String.raw`\b(?:agora\s+você\s+é|agora\s+és|a\s+partir\s+de\s+agora,?\s+você\s+é|de\s+agora\s+em\s+diante,?\s+você\s+é)\s+(?:um|uma|o|a|meu|minha)\b`,
  ),
  anyScript(
    String.raw`\b(?:a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante),?\s+(?:você|tu)\s+(?:deve|vai|será|tem\s+que|precisa)\b`,
  ),
  clauseScript(
    String.raw`(?:aja|age|atue|atua|responda|comporte-se)\s+como\s+(?:se\s+fosse|um|uma|o|a|meu|minha)\b`,
  ),
  clauseScript(String.raw`(?:finja|finge)\s+(?:ser|que\s+(?:você\s+)?é|que\s+és)\b`),
  clauseScript(String.raw`(?:faça|faz)\s+o\s+papel\b`),
  clauseScript(
    String.raw`como\s+(?:um\s+|uma\s+)?(?:modelo\s+de\s+linguagem|IA|inteligência\s+artificial|grande\s+modelo\s+de\s+linguagem|LLM|assistente\s+de\s+IA)\s*(?:que\s+(?:você\s+)?é|,?\s+(?:você|tu|deve|deves|não\s+deve|diga|escreva|responda))\b`,
  ),
  anyScript(
    String.raw`\bse\s+(?:você\s+(?:é|for)|tu\s+és)\s+(?:um|uma)\s+(?:modelo\s+de\s+linguagem|IA|inteligência\s+artificial|LLM|bot|assistente\s+de\s+IA)\b`,
  ),
  anyScript(
    String.raw`\b(?:nota|mensagem|instruções?)\s+(?:para|à|ao|aos)\s+(?:a\s+)?(?:IA|o\s+modelo|os\s+modelos\s+de\s+linguagem|(?:os\s+)?revisores\s+(?:de\s+)?IA|o\s+assistente|ChatGPT|Gemini|Claude)\b`,
  ),
  clauseScript(
    String.raw`(?:resuma|resume|resumam)\s+(?:este|esta|o|a)\s*\w*\s+(?:\w+\s+){0,2}?como\b`,
  ),
  anyScript(
    String.raw`\bno\s+(?:seu|teu)\s+resumo,?\s+(?:diga|diz|mencione|escreva|afirme|indique|conclua)\b`,
  ),
  clauseScript(
    String.raw`(?:avalie|avalia|classifique|classifica|julgue)\s+(?:este|esta|o|a)\s+\w+\s+(?:\w+\s+)?(?:positivamente|favoravelmente|muito\s+bem|com\s+nota\s+máxima)\b`,
  ),
  anyScript(
    String.raw`\b(?:dê|dá|deem)\s+(?:\S+\s+){0,4}?uma?\s+(?:avaliação|revisão|nota|resenha|recomendação|parecer|opinião)\s+(?:muito\s+)?(?:positiva|positivo|favorável|excelente|elogiosa|elogioso)\b`,
  ),
  clauseScript(
    String.raw`(?:recomende|recomenda)\s+(?:\S+\s+){0,3}?(?:para\s+)?(?:a\s+)?(?:aceitação|publicação)\b`,
  ),
  clauseScript(
    String.raw`não\s+(?:mencione|mencionem|revele|revelem|cite|citem|aponte|critique|critiquem|fale\s+(?:sobre|de))\b`,
  ),
];

/**
 * The patterns of other languages as two expressions, those that stand anywhere and those that
 * must start a clause: one scan of the text each. (The 80 patterns scanning the text one after
 * another took 55 s over 12.8 MB of translated interface strings; the two scans take less than
 * the English patterns do. See decision 0033.)
 */
function combined(clause: boolean): RegExp {
  const sources = OTHER_LANGUAGE_PATTERNS.filter((entry) => entry.clause === clause).map(
    (entry) => `(?:${entry.source})`,
  );
  return new RegExp(sources.join('|'), 'giu');
}
const OTHER_ANYWHERE = combined(false);
const OTHER_AT_CLAUSE = combined(true);

/** Where the patterns of other languages match in `text`: the index and length of each match. */
function* otherMatches(text: string): Generator<[number, number]> {
  for (const match of text.matchAll(OTHER_ANYWHERE)) yield [match.index, match[0].length];
  const pattern = new RegExp(OTHER_AT_CLAUSE);
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (clauseStartsAt(text, match.index)) yield [match.index, match[0].length];
    // A match that does not start a clause may hide one that does, starting inside it.
    else pattern.lastIndex = match.index + 1;
    if (match[0] === '') pattern.lastIndex += 1;
  }
}

/** Whether `text` (a sentence or a passage) addresses an AI model. */
export function addressesAnAi(text: string): boolean {
  if (PATTERNS.some((pattern) => pattern.test(text))) return true;
  return otherMatches(text).next().done !== true;
}

/** A passage longer than this is quoted as the sentence around the match, not whole. */
const MAX_QUOTED_CHARS = 500;
/** Passages listed at most. */
const MAX_PASSAGES = 50;

/** The sentence of `text` around `at`: from the previous sentence end or line to the next. */
function sentenceAround(text: string, at: number, end: number): string {
  let start = at;
  while (start > 0 && !/[.!?\n]/.test(text[start - 1] ?? '')) start -= 1;
  let stop = end;
  while (stop < text.length && !/[.!?\n]/.test(text[stop] ?? '')) stop += 1;
  if (stop < text.length && text[stop] !== '\n') stop += 1;
  return text.slice(start, stop).replace(/\s+/g, ' ').trim();
}

/** The sentences of `text` that address an AI, each once, in order. */
export function instructionSentences(text: string): string[] {
  const found = new Map<number, string>();
  const add = (at: number, length: number): void => {
    const sentence = sentenceAround(text, at, at + length);
    if (sentence !== '' && ![...found.values()].includes(sentence)) found.set(at, sentence);
  };
  for (const pattern of PATTERNS) {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const match of text.matchAll(global)) {
      // A match may begin with the end of the sentence before (CLAUSE_START): skip it.
      const skipped = /^[.!?:;\s]*/.exec(match[0])?.[0].length ?? 0;
      add(match.index + skipped, match[0].length - skipped);
      if (found.size >= MAX_PASSAGES) break;
    }
  }
  for (const [at, length] of otherMatches(text)) {
    if (found.size >= MAX_PASSAGES) break;
    add(at, length);
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, sentence]) => sentence);
}

/**
 * The passages of a document that address an AI: those of its hidden passages (whole, when
 * short) and the sentences of its text. A sentence of the text that is part of a hidden
 * passage (hidden text included in the text on request) is listed once, as hidden.
 */
export function findInstructionLike(
  text: string,
  hiddenTexts: readonly string[],
): InstructionLikePassage[] {
  const passages: InstructionLikePassage[] = [];
  for (const hidden of hiddenTexts) {
    if (!addressesAnAi(hidden)) continue;
    const quoted =
      hidden.length <= MAX_QUOTED_CHARS ? [hidden.trim()] : instructionSentences(hidden);
    for (const quote of quoted) passages.push({ text: quote, hidden: true });
  }
  for (const sentence of instructionSentences(text)) {
    if (hiddenTexts.some((hidden) => hidden.replace(/\s+/g, ' ').includes(sentence))) continue;
    if (passages.some((passage) => passage.text === sentence)) continue;
    passages.push({ text: sentence, hidden: false });
  }
  return passages.slice(0, MAX_PASSAGES);
}
