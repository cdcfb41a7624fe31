/**
 * Documents written for the summarizer's tests and benchmark (no third-party text): a long
 * report with headings, lists and a table, whose first section is its longest, so that a
 * summary of its first page alone would miss most of it.
 */

/** The report's section headings, as they appear in it, in order. */
export const REPORT_SECTIONS = [
  '## Background and scope',
  '## Water quality',
  '## Leaks and the state of the network',
  '## Finances and tariffs',
  '## Investment programme',
  '## Customer service',
  '## Drought planning',
  '## Outlook for 2025',
] as const;

export const REPORT_WITH_HEADINGS = `# Millbrook Water Authority: annual report 2024

${REPORT_SECTIONS[0]}

The Millbrook Water Authority supplies drinking water to about 410,000 people in the city of Millbrook and eleven surrounding villages, and collects and treats their waste water. This report covers the calendar year 2024 and was prepared for the regional council, which owns the authority, and for the public. It follows the structure agreed with the council in 2021, so that figures can be compared from one year to the next.

The authority was founded in 1952, when three municipal water companies merged after a series of supply failures during a dry summer. Since then the area it serves has grown from four towns to a city and its commuter belt. The oldest parts of the network date from the nineteenth century and are still in use under the historic centre. Most of the pipes, however, were laid between 1960 and 1990, when the city expanded to the north and the east.

The authority employs 612 people, of whom 380 work in operations: treatment plants, pumping stations, repair crews and the control room. The remaining staff work in engineering, laboratories, customer service, finance and administration. In 2024 the authority hired 41 people and 37 left, most of them on retirement. The average age of the operations staff is 47 years, and the authority expects about a quarter of its engineers to retire within the next ten years.

Water comes from three sources. The Alder reservoir, north of the city, provides about 55 percent of the supply. Groundwater from nine wells in the Millbrook valley provides 35 percent. The rest is bought from the neighbouring Eastfield authority through an interconnection pipe that was completed in 2018. Each source has its own treatment plant, and the three plants feed a common network of 2,140 kilometres of pipes and 23 service reservoirs.

The regional council sets the authority's objectives every five years. The current plan, adopted in 2022, asks the authority to keep water quality at or above the national standard, to reduce leakage by a third by 2027, to keep bills affordable for low-income households, and to prepare the supply for longer and more frequent droughts. Each of the following sections reports on one of these objectives, and the final section sets out what the authority plans to do in 2025.

This report was written by the authority's planning department with contributions from every division. The figures it contains were checked by the council's audit office, whose opinion is published separately. Where figures for earlier years have been corrected since the last report, the corrected values are used and the change is explained in a footnote to the published tables.

The year was shaped by two events that the authority did not control. A wet spring filled the Alder reservoir to its highest level in a decade, which made the first half of the year unusually easy for operations. A heat wave in August then pushed demand to a record of 172 million litres on a single day, and tested the network, the pumping stations and the repair crews at the same time. Both events recur in several sections of this report, because they explain much of what went well and what did not.

Readers who want only the main figures will find them in the short summary published with this report. Readers who want the details will find them in the data tables, which list every figure by month and by district. The authority welcomes questions about any of the material, which can be sent to its planning department or raised at the public meeting held each spring.

${REPORT_SECTIONS[1]}

Drinking water quality remained high in 2024. The authority's laboratories took 18,400 samples at treatment plants, reservoirs and customers' taps, and 99.96 percent of them met every standard of the national drinking water regulations. This is the same level as in 2023 and slightly better than the national average of 99.93 percent.

Eight samples failed a standard. Five of them showed traces of lead at customers' taps in houses built before 1940, where lead pipes still connect the house to the street. In each case the authority informed the household, offered free testing of the neighbouring houses and replaced the connection within six weeks. The authority has now replaced 5,900 of the estimated 7,400 lead connections in its area, and aims to replace the rest by the end of 2026.

The other three failures were caused by cloudiness after repairs on large mains in August. They lasted less than a day and posed no risk to health, but the customers concerned were advised to run their taps before drinking the water. The water quality team has since changed the procedure for flushing pipes after repairs, so that water is tested before the valves are fully reopened.

Nitrate levels in the groundwater of the Millbrook valley continued to fall slowly. The average concentration in the nine wells was 31 milligrams per litre, well below the legal limit of 50 and down from 38 in 2015. The improvement follows agreements with 64 farms in the catchment, which receive advice and compensation for applying less fertilizer near the wells. The authority extended these agreements for another five years in October.

The laboratories also tested for substances that are not yet regulated, such as residues of medicines and the family of industrial chemicals known as PFAS. Traces of PFAS were found in two of the nine wells, at levels far below the limits that the national regulations will introduce in 2026. The authority has started a study of treatment options for these two wells, so that it can meet the new limits with a wide margin once they apply.

Taste and odour complaints rose from 212 in 2023 to 289 in 2024. Most of them came in July and August, when warm water in the Alder reservoir encouraged the growth of algae that give water an earthy taste. Such water is safe to drink, but customers notice it. The Alder plant will receive an activated carbon stage in 2025 to remove these compounds.

Sampling itself changed during the year. The laboratories replaced half of their manual sampling at service reservoirs with online instruments that measure chlorine, turbidity and temperature every fifteen minutes. The instruments raised 37 alarms in 2024, all of which were investigated within two hours, and none of which turned out to be a risk to customers. The laboratories were audited by the national accreditation body in November and kept their accreditation for all 212 methods they use.

${REPORT_SECTIONS[2]}

Leakage is the largest loss of water in the system and the objective on which the authority has made the least progress. In 2024 the network lost an estimated 61 million litres a day through leaks, about 19 percent of the water put into supply. This is an improvement of only 4 percent on 2023, against a target of a 7 percent reduction each year.

The main cause is the age of the network. About 640 kilometres of pipes are cast iron laid before 1970, and these pipes account for more than half of all bursts. Cold spells crack them, and the ground movement of a dry summer does the same. The August heat wave alone caused 312 bursts in three weeks, more than the authority usually repairs in two months.

The authority replaced 31 kilometres of old mains in 2024, up from 24 kilometres in 2023. At this rate it would take more than twenty years to replace all the cast iron pipes, which is why the council has been asked to approve a larger renewal programme, described in the section on finances.

Finding leaks has become faster. Since 2022 the authority has installed 9,800 acoustic sensors on its pipes, which listen for the sound of escaping water and report it every night. In the districts where the sensors are installed, the average time between the start of a leak and its repair fell from 19 days to 6 days. The remaining districts will be equipped by the end of 2025.

Pressure management also helps. Lower pressure at night means less water lost through the leaks that have not yet been found, and fewer new bursts. The authority now controls pressure in 88 of its 140 supply zones, and estimates that this saves about 9 million litres a day.

Customers can help too. A dripping tap or a leaking toilet wastes little on its own, but together they add up to several million litres a day. The authority offers free water-saving devices and checks for leaks on private pipes, which are the responsibility of the property owner. In 2024 its teams found and reported 1,150 leaks on customers' supply pipes.

The authority also reviewed how it estimates leakage. Until 2023 leakage was calculated from the difference between the water put into supply and the water billed, which made the figure sensitive to errors in meter readings. From 2024 the estimate also uses night flows measured in each supply zone, when almost all customers are asleep and most of the water moving through the pipes is lost. The two methods now agree within 3 percent, which gives the authority more confidence in the trend.

${REPORT_SECTIONS[3]}

The authority's income in 2024 was 186 million euros, of which 171 million came from water and waste water bills and the rest from connection charges, sales of water to industry and interest. Operating costs were 121 million euros, and 58 million was spent on investment in the network and the plants. The remaining surplus of 7 million euros was added to the reserve for the drought programme.

Energy was again the fastest growing cost. Pumping and treating water used 96 gigawatt hours of electricity, and the price the authority paid rose by 14 percent despite a long-term contract. Solar panels on the roofs and grounds of six sites produced 6.2 gigawatt hours, about 6 percent of the authority's needs, and two further installations are planned.

The average household bill for water and waste water was 412 euros, an increase of 3.9 percent, in line with inflation. Bills in Millbrook remain below the national average of 455 euros. The council has asked the authority to keep future increases at or below inflation until 2027, except for the cost of the larger renewal programme if it is approved.

That programme is the main decision facing the council in 2025. It would double the replacement of old mains to 60 kilometres a year from 2026, at an additional cost of about 24 million euros a year. The authority has proposed to finance it with a loan from the national infrastructure bank and a surcharge of about 2 percent on bills, which would be shown separately on every bill.

Support for low-income households was extended. Households receiving housing benefit now pay a reduced tariff automatically, without having to apply, after the authority agreed to exchange data with the city's benefits office. The number of households on the reduced tariff rose from 6,100 to 14,300. Debts owed by customers fell slightly, to 4.1 million euros, and the authority did not cut off the supply of any household for non-payment.

${REPORT_SECTIONS[4]}

The investment programme for 2024 was the largest in the authority's history. Of the 58 million euros invested, 22 million went to the renewal of mains, 14 million to the treatment plants, 9 million to sewers and waste water treatment, 7 million to meters and sensors, and 6 million to buildings, vehicles and information systems. Spending was 4 million euros below the budget, mainly because two contracts for sewer works started later than planned.

| Area | Budget (million euros) | Spent (million euros) |
| --- | --- | --- |
| Renewal of mains | 23 | 22 |
| Treatment plants | 15 | 14 |
| Sewers and waste water | 12 | 9 |
| Meters and sensors | 7 | 7 |
| Buildings, vehicles, systems | 5 | 6 |

The largest single project was the new filtration hall at the Millbrook valley plant, which replaces filters built in 1974. Construction began in March and the hall will be commissioned in the autumn of 2025. It will allow the plant to treat groundwater with higher iron and manganese content, which several of the wells have begun to show, and it will use about a fifth less energy than the filters it replaces.

Work on sewers concentrated on the districts where heavy rain caused flooding in 2021 and 2023. The authority enlarged the storm overflow at Riverside Park and separated rainwater from waste water in fourteen streets of the old town. The main projects of the coming three years are:

- a storage tunnel under the ring road, holding 30,000 cubic metres of storm water;
- the replacement of the pumping station at Mill Lane, built in 1958;
- a second digester at the waste water treatment plant, which will turn more sludge into biogas.

Contracts are awarded by open tender, and the authority publishes every award above 100,000 euros on its website. In 2024 it awarded 86 contracts, 71 of them to companies based in the region. Costs in construction rose again, by about 6 percent, and the authority now includes a clause in large contracts that shares the risk of price increases between the contractor and the authority.

${REPORT_SECTIONS[5]}

The customer service centre handled 148,000 telephone calls, 61,000 e-mails and 22,000 messages through the online portal in 2024. Calls fell by 8 percent as more customers used the portal, which now allows them to report a leak, submit a meter reading, change their payment plan and follow the repair of a reported problem.

The average waiting time on the telephone was 2 minutes 40 seconds, compared with 2 minutes 5 seconds in 2023. Waiting times were much longer during the August heat wave, when calls about low pressure and interrupted supplies tripled for two weeks. The centre has since arranged for staff from other departments to be trained to answer calls at such times.

Customer satisfaction, measured by a survey of 4,000 customers every quarter, was 7.6 out of 10, down from 7.9. Customers praised the reliability of the supply and the quality of the water, but many were dissatisfied with the information they received during interruptions. The authority will now send text messages to the customers of an affected street when a repair starts and when it ends.

Complaints rose by 11 percent to 3,240. The most common subjects were estimated bills, the time taken to repair leaks in the street, and damage to gardens and driveways after repairs. All but 42 complaints were resolved within the target of ten working days. The independent water ombudsman received 19 complaints about the authority and upheld 4 of them.

Smart meters, which send readings automatically, are now installed in 38 percent of homes. They end estimated bills and help customers to find leaks on their own pipes, since a meter that never stops turning at night is a sign of a hidden leak. The remaining homes will receive smart meters over the next four years, in the order of the age of their current meters.

The authority also looked at how it serves customers who need extra help, such as elderly people living alone, people with disabilities and households that depend on medical equipment at home. These customers can join a priority register, and during interruptions they receive a call and, where needed, bottled water delivered to the door. The register grew from 2,900 to 4,700 households in 2024 after a campaign run with the city's social services and with general practitioners.

${REPORT_SECTIONS[6]}

The authority's drought plan was revised in 2024 after the climate projections of the national weather service were updated. The projections suggest that summers in the region will be drier and hotter, with a dry spell of the length seen in 2022 occurring on average every six years by 2040, instead of every twenty years today.

The plan sets out four stages. In the first stage the authority asks customers to save water. In the second it bans the use of hosepipes for gardens and the filling of private pools. In the third it applies for permission to take more water from the Millbrook valley wells than usual. In the fourth, which has never been needed, supplies would be interrupted in rotation.

The most important measure in the revised plan is a new source. The authority is studying two options: a second interconnection with the Eastfield authority, and a plant that would treat waste water to drinking water standard and return it to the Alder reservoir. The second option is cheaper to run in a drought, but the public would need to accept it, and a consultation on both options will take place in 2025.

Demand is the other half of the plan. Average use per person was 128 litres a day in 2024, compared with 141 litres ten years ago. The authority aims for 115 litres by 2035, through smart meters, water-saving devices, advice to schools and a tariff that rewards low use. Businesses that use large volumes of water are offered audits of their water use, and 37 of them took up the offer in 2024.

Agriculture is the largest user of water in the Millbrook valley apart from the public supply, and farmers draw their own water from the river and from private wells. The authority has no power over these abstractions, which are licensed by the regional environment agency, but it has agreed with the agency and the farmers' association to share data on groundwater levels every week during dry periods. This should help to avoid the situation of 2022, when falling groundwater levels were noticed late by everyone concerned.

${REPORT_SECTIONS[7]}

In 2025 the authority will present the renewal programme to the council and, if it is approved, prepare the contracts for the first 60 kilometres of pipes. It will install the remaining acoustic sensors, add the carbon stage at the Alder plant and begin the consultation on a new source of water.

The authority also expects to publish its first report on greenhouse gas emissions, which will include the emissions of its contractors and its suppliers of chemicals. Energy use will be reduced by replacing the oldest pumps, which account for a disproportionate share of electricity consumption, and by moving more pumping to the hours when electricity is cheapest.

Finally, the authority will review its training programme for engineers, in view of the number who will retire in the coming years. It intends to take on twelve apprentices a year, up from five, and to work with the technical college in Millbrook on a new course in water engineering. The board considers the loss of experienced staff to be one of the main risks to the authority's performance in the next decade.

The board will report to the council on progress against the five-year plan in the autumn. The report will set out which objectives are on track, which are at risk, and what would be needed to bring them back on track. On current evidence, water quality, affordability and drought preparation are on track, while the reduction of leakage will not reach its target by 2027 unless the larger renewal programme is approved.

## Appendix: glossary

Service reservoir: a covered tank that stores treated water close to the customers it serves.

Supply zone: a part of the network whose pressure can be controlled separately.
`;
