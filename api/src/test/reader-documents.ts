/**
 * Documents as readers bring them, written for the summarizer's tests, its benchmark and the
 * browser journeys (no third-party text): a structured trial abstract, an annual report with
 * ten parallel sections under numbered headings, and meeting minutes with their front matter.
 */

/** A trial abstract with labelled parts; its finding is in "Results" and "Conclusions". */
export const STRUCTURED_ABSTRACT = `Background: Falls are a leading cause of injury and loss of independence among older adults living at home, and exercise programmes delivered in community centres reach only a minority of them. Whether a home-based balance programme guided by a tablet application prevents falls has not been tested in a large randomized trial.
Objective: To determine whether a 12-month tablet-guided balance and strength programme reduces the rate of falls in adults aged 70 years or older who live independently.
Methods: We conducted a pragmatic randomized controlled trial in 38 general practices in three regions. A total of 1,214 participants who had fallen at least once in the previous year were randomly assigned to the tablet-guided programme (n = 607) or to usual care with a printed leaflet (n = 607). The primary outcome was the rate of falls over 12 months, recorded with monthly diaries; secondary outcomes were injurious falls, fear of falling and adherence.
Results: Over 12 months, 412 falls occurred in the programme group and 618 in the usual care group, a rate ratio of 0.67 (95% CI 0.56 to 0.80; P < 0.001). Injurious falls were reduced by 29 percent, and fear of falling scores improved by 4.1 points. Participants completed a median of 2.4 sessions a week, and 71 percent were still exercising at 12 months. No serious adverse events were attributed to the programme.
Conclusions: A tablet-guided home balance programme reduced the rate of falls by one third in older adults at risk of falling, with good adherence over a year. General practices could offer it to patients who cannot attend group classes.`;

/** The sentence of STRUCTURED_ABSTRACT that states its main result. */
export const STRUCTURED_ABSTRACT_RESULT =
  'Over 12 months, 412 falls occurred in the programme group and 618 in the usual care group, a rate ratio of 0.67 (95% CI 0.56 to 0.80; P < 0.001).';

interface District {
  name: string;
  riders: string;
  change: string;
  driver: string;
  onTime: string;
  reliabilityNote: string;
  buses: number;
  electric: number;
  fleetNote: string;
  cost: string;
  recovery: string;
  financeNote: string;
}

const DISTRICTS: District[] = [
  {
    name: 'Northgate',
    riders: '14.2 million',
    change: 'rose by 6 percent',
    driver: 'the new hospital shuttle and the extended evening timetable',
    onTime: '91 percent',
    reliabilityNote: 'Roadworks on Castle Hill caused most of the delays between March and May.',
    buses: 118,
    electric: 34,
    fleetNote: 'The depot at Mill Lane received its first twelve rapid chargers in September.',
    cost: '$31.5 million',
    recovery: '44 percent',
    financeNote: 'Fare income grew faster than costs for the first time since 2019.',
  },
  {
    name: 'Eastfield',
    riders: '9.8 million',
    change: 'fell by 3 percent',
    driver: 'the closure of the Eastfield shopping centre in April',
    onTime: '87 percent',
    reliabilityNote: 'Driver shortages cancelled 2.1 percent of scheduled trips over the year.',
    buses: 86,
    electric: 10,
    fleetNote: 'Eleven buses older than sixteen years were withdrawn after failing inspections.',
    cost: '$24.9 million',
    recovery: '35 percent',
    financeNote: 'Overtime paid to cover vacancies added $1.3 million to costs.',
  },
  {
    name: 'Riverside',
    riders: '11.6 million',
    change: 'rose by 9 percent',
    driver: 'the opening of the Riverside ferry interchange',
    onTime: '93 percent',
    reliabilityNote: 'Bus priority lanes on Quay Street saved an average of four minutes a trip.',
    buses: 97,
    electric: 41,
    fleetNote: 'Riverside now runs the largest share of electric buses of any district.',
    cost: '$26.2 million',
    recovery: '47 percent',
    financeNote: 'A grant from the harbour board paid for half of the interchange.',
  },
  {
    name: 'Westbrook',
    riders: '7.3 million',
    change: 'was unchanged',
    driver: 'steady school and commuter travel',
    onTime: '89 percent',
    reliabilityNote: 'Flooding of the Westbrook underpass closed two routes for nine days in July.',
    buses: 64,
    electric: 8,
    fleetNote: 'Six minibuses were bought for the on-demand service in the western villages.',
    cost: '$18.7 million',
    recovery: '33 percent',
    financeNote: 'The on-demand service cost $14 per passenger, three times the district average.',
  },
  {
    name: 'Southport',
    riders: '12.9 million',
    change: 'rose by 4 percent',
    driver: 'growth at the university campus and the airport',
    onTime: '85 percent',
    reliabilityNote: 'Congestion on the airport road made Southport the least punctual district.',
    buses: 109,
    electric: 22,
    fleetNote: 'Twenty articulated buses were leased for the airport express route.',
    cost: '$29.8 million',
    recovery: '46 percent',
    financeNote: 'Airport express fares covered 78 percent of that route’s costs.',
  },
  {
    name: 'Highfield',
    riders: '5.1 million',
    change: 'fell by 5 percent',
    driver: 'the loss of two school contracts to a private operator',
    onTime: '94 percent',
    reliabilityNote: 'Highfield was the most punctual district for the third year in a row.',
    buses: 47,
    electric: 5,
    fleetNote: 'Highfield still relies on diesel buses bought between 2009 and 2012.',
    cost: '$13.4 million',
    recovery: '29 percent',
    financeNote: 'Losing the school contracts reduced income by $0.9 million.',
  },
  {
    name: 'Lakeshore',
    riders: '8.4 million',
    change: 'rose by 11 percent',
    driver: 'the summer beach service and new housing along the lake',
    onTime: '90 percent',
    reliabilityNote: 'Summer crowding left passengers behind at the beach stops on 23 days.',
    buses: 71,
    electric: 19,
    fleetNote: 'Four double-deck buses were moved to Lakeshore from Northgate for the summer.',
    cost: '$20.1 million',
    recovery: '41 percent',
    financeNote: 'The beach service carried 640,000 passengers and broke even.',
  },
  {
    name: 'Old Town',
    riders: '10.7 million',
    change: 'rose by 2 percent',
    driver: 'tourism returning to the historic centre',
    onTime: '82 percent',
    reliabilityNote: 'Narrow streets and delivery vans slowed buses in the historic centre.',
    buses: 79,
    electric: 27,
    fleetNote: 'Only midibuses fit the Old Town loop, and eight of them were replaced.',
    cost: '$23.6 million',
    recovery: '39 percent',
    financeNote: 'A tourist day ticket launched in May sold 86,000 copies.',
  },
  {
    name: 'Pinecrest',
    riders: '4.6 million',
    change: 'rose by 7 percent',
    driver: 'a new route to the Pinecrest industrial park',
    onTime: '92 percent',
    reliabilityNote: 'Winter snow cancelled service on the hill routes on four days.',
    buses: 42,
    electric: 3,
    fleetNote: 'Pinecrest tested a hydrogen bus for three months on its hill routes.',
    cost: '$12.2 million',
    recovery: '31 percent',
    financeNote: 'Employers in the industrial park paid $0.4 million towards the new route.',
  },
  {
    name: 'Harbourview',
    riders: '6.9 million',
    change: 'fell by 1 percent',
    driver: 'the temporary closure of the harbour bridge for repairs',
    onTime: '88 percent',
    reliabilityNote: 'Diversions during the bridge closure added eleven minutes to some trips.',
    buses: 58,
    electric: 12,
    fleetNote: 'Harbourview ordered fourteen electric buses for delivery in 2026.',
    cost: '$16.8 million',
    recovery: '37 percent',
    financeNote: 'The bridge diversions cost $0.6 million in extra driver hours.',
  },
];

/** The district names, in the order of the report's numbered sections. */
export const TRANSIT_DISTRICTS = DISTRICTS.map((district) => district.name);

function districtSection(district: District, index: number): string {
  const d = district;
  return `${index + 1}. ${d.name}

Ridership in ${d.name} reached ${d.riders} trips in 2025 and ${d.change} compared with the year before, mainly because of ${d.driver}. Weekday trips made up about three quarters of the total, as in previous years.

Reliability in ${d.name} stood at ${d.onTime} of trips departing on time. ${d.reliabilityNote}

The ${d.name} fleet has ${d.buses} buses, of which ${d.electric} are electric. ${d.fleetNote}

Operating costs in ${d.name} were ${d.cost}, and fares recovered ${d.recovery} of them. ${d.financeNote}`;
}

/** An annual report with one parallel section per district, under numbered headings. */
export const TRANSIT_REPORT = `Metro Regional Transit: annual performance report 2025

Metro Regional Transit runs the bus network of ten districts for 1.4 million residents. This report sets out how each district performed in 2025 on ridership, reliability, fleet and finance, and closes with the recommendations of the board.

${DISTRICTS.map(districtSection).join('\n\n')}

11. Recommendations

The board recommends extending bus priority lanes to the three least punctual districts by 2027. It also recommends replacing every diesel bus older than fifteen years with an electric one, and recruiting eighty drivers to end cancellations caused by vacancies. Finally, the board asks the regional council to fund the on-demand service in the western villages for two more years while its costs are reviewed.`;

/** Minutes of a meeting: front matter (attendees, apologies, date, minute-taker) then business. */
export const MEETING_MINUTES = `Minutes of the Parks and Recreation Committee
Date: 14 October 2025, 6:30 pm, Council Chamber
Present: Cllr Maria Duarte (Chair), Cllr Tom Hughes, Cllr Aisha Rahman, Cllr Peter Walsh, Cllr Lena Fischer
Apologies: Cllr David Okoro, Cllr Sarah Lin
In attendance: Helen Marsh (Head of Parks), Raj Patel (Finance Officer)
Minutes taken by: Joanna Reid, Democratic Services

1. Minutes of the previous meeting

The minutes of the meeting held on 9 September 2025 were approved as a correct record.

2. Riverside Park playground

Helen Marsh reported that the playground equipment at Riverside Park had failed its annual safety inspection and had been fenced off since August. Replacing the equipment would cost $180,000, and a grant from the state sports fund could cover $60,000 of it. Members noted that the playground is the most used in the city. The committee decided to approve the replacement of the Riverside Park playground, with work to be completed by March 2026.

3. Community garden leases

Raj Patel explained that the leases of the four community gardens expire at the end of the year and that the groups had asked for ten-year terms. The committee agreed to renew all four leases for ten years at the current rent of one dollar a year. Action: Helen Marsh to send the new leases to the garden groups by 30 November.

4. Dog exercise areas

Residents near Elm Park have complained about dogs off the lead near the children's play area. Members discussed fencing part of the park as a dedicated dog exercise area. The committee resolved to fund a fenced dog area in Elm Park at a cost of $45,000 from the parks maintenance budget. Action: Raj Patel to confirm the budget transfer before the next meeting.

5. Any other business

There was no other business. The meeting closed at 8:05 pm.`;
