import { describe, expect, it } from 'vitest';
import { findUnverified } from './unverified';

const SOURCE =
  'The city council of Springfield voted on Tuesday to build a new bridge over the river. ' +
  'The bridge will cost 48 million dollars, about 1,250 dollars per resident. ' +
  'Mayor Ana Lopez said 3.5 percent of the budget goes to repairs. Construction starts in March 2025. ' +
  'The European Investment Bank lends the rest; its report of 2024-11-05 calls the plan sound. ' +
  'Dr. Okafor of NASA called it a model for COVID-19 era planning.';

describe('findUnverified', () => {
  it('finds nothing in a summary that only restates the source', () => {
    expect(
      findUnverified(
        'Springfield will build a $48 million bridge, about $1250 per resident. Mayor Ana Lopez ' +
          'said 3.5% of the budget goes to repairs; construction starts in March 2025. The ' +
          'European Investment Bank lends the rest (report of 2024-11-05). Dr. Okafor of NASA ' +
          'approves. Officials expect COVID-19 era rules to end.',
        SOURCE,
      ),
    ).toEqual([]);
  });

  it('flags numbers the source never states, whatever their form', () => {
    expect(
      findUnverified(
        'The bridge costs $52 million, or 1,300 dollars per resident; 4.5% goes to repairs, ' +
          'works end in 2027 and 48,000,000 dollars is the total.',
        SOURCE,
      ),
    ).toEqual(['$52 million', '1,300', '4.5%', '2027']);
  });

  it('compares numbers by value: separators, decimals, percent words, scales', () => {
    const source =
      'Revenue rose 12 percent to 1000 euros, then 3,50 euros a share; 2.5 billion in all.';
    expect(
      findUnverified(
        'Revenue rose 12% to 1,000 euros, 3.5 euros a share, €2,500,000,000 in total.',
        source,
      ),
    ).toEqual([]);
    expect(findUnverified('Revenue rose 13% to 1,001 euros.', source)).toEqual(['13%', '1,001']);
  });

  it('finds a number the source spells out', () => {
    expect(
      findUnverified(
        'The 3 partners meet 12 times, the 2nd time in May.',
        'Three partners meet a dozen times, the second time in May.',
      ),
    ).toEqual([]);
    expect(findUnverified('The 4 partners meet.', 'Three partners meet.')).toEqual(['4']);
  });

  it('flags a numeric date that is not in the source', () => {
    expect(findUnverified('The report of 2024-11-06 calls it sound.', SOURCE)).toEqual([
      '2024-11-06',
    ]);
  });

  it('flags names the source lacks, not the names it has, nor capitalised openers', () => {
    expect(
      findUnverified(
        'The plan of Governor John Smith passed. Critics in Shelbyville object, the World Bank ' +
          'too. However, Mayor Lopez and NASA agree with the European Investment Bank.',
        SOURCE,
      ),
    ).toEqual(['Governor John Smith', 'Shelbyville', 'World Bank']);
  });

  it('takes a multi-word name at the start of a sentence, without its article', () => {
    expect(findUnverified('The Bank of England lends too. In April work starts.', SOURCE)).toEqual([
      'Bank of England',
      'April',
    ]);
  });

  it('reads bullet items as sentences and lists each item once', () => {
    expect(
      findUnverified(
        '- Costs reach 60 million dollars.\n- Mayor Ana Lopez backs it.\n- Brussels pays 60 million.',
        SOURCE,
      ),
    ).toEqual(['60 million']);
    expect(findUnverified('- Brussels pays.\n- Costs rise in Brussels.', SOURCE)).toEqual([
      'Brussels',
    ]);
  });

  it('is case-insensitive and ignores possessives', () => {
    expect(findUnverified("It is SPRINGFIELD's bridge, Nasa says.", SOURCE)).toEqual([]);
    expect(findUnverified("It is Shelbyville's turn.", SOURCE)).toEqual(['Shelbyville']);
  });

  it('handles empty input', () => {
    expect(findUnverified('', SOURCE)).toEqual([]);
    expect(findUnverified('We met in Paris in 2020.', '')).toEqual(['Paris', '2020']);
  });
});

describe('findUnverified in any script', () => {
  it('compares digits of other scripts by value and reports them as written', () => {
    const source = 'ارتفع الإنتاج بنسبة 48% في عام 2023';
    expect(findUnverified('ارتفع الإنتاج بنسبة ٤٨٪', source)).toEqual([]);
    expect(findUnverified('ارتفع الإنتاج بنسبة ٥٢٪', source)).toEqual(['٥٢']);
    expect(findUnverified('उत्पादन ४८ प्रतिशत बढ़ा', 'उत्पादन 48 प्रतिशत बढ़ा')).toEqual([]);
  });

  it('counts a number glued to a word of a script written without spaces', () => {
    expect(findUnverified('销售额增长了52%。', '销售额增长了48%。')).toEqual(['52%']);
    expect(findUnverified('销售额增长了48%。', '销售额增长了48%。')).toEqual([]);
  });

  it('flags names in Cyrillic and takes the summary language’s stop words as openers', () => {
    expect(
      findUnverified('Президент Путин заявил.', 'Президент заявил.', { language: 'ru' }),
    ).toEqual(['Президент Путин']);
    // "Die" opens the sentence and names no one; read as English it looked like a name.
    expect(findUnverified('Die Regierung plant es.', 'Eine Regierung plant es.')).toEqual([
      'Die Regierung',
    ]);
    expect(
      findUnverified('Die Regierung plant es.', 'Eine Regierung plant es.', { language: 'de' }),
    ).toEqual([]);
  });
});
