// The built-in playbook's sections by industry and by department. Plain text: paragraphs are
// separated by a blank line, list items start with "- ".
#include "BuiltInSections.hpp"

namespace lodestone::content_template {

std::vector<BuiltInSection> industryAndDepartmentSections() {
    return {
        {
            .heading = "Product signals worth acting on",
            .body = "Software buyers say what they want through what they do: sign-ups, "
                    "documentation visits, pricing-page views and the integrations they try. "
                    "{{display.company}} can read the same signals for its own pipeline.\n\n"
                    "- Score leads on behaviour, not only on job titles: someone who reads the API "
                    "docs twice is warmer than someone who downloaded a PDF once.\n"
                    "- Trigger outreach on product events (a team invite, a usage limit, a second "
                    "workspace) rather than on calendar dates.\n"
                    "- Send technical buyers to working examples and a sandbox, not to a demo "
                    "request form.\n"
                    "- Keep product usage and sales activity in one place, so whoever calls sees "
                    "usage first.",
            .industry = {"Software"},
        },
        {
            .heading = "Outreach that passes compliance review",
            .body = "In financial services every message can become a record a regulator reads. "
                    "The firms that grow pipeline fastest do not avoid compliance; they make it "
                    "routine.\n\n"
                    "- Pre-approve a library of claims and disclaimers, so campaigns do not queue "
                    "for legal review one by one.\n"
                    "- Archive every outbound message together with its approval; sooner or later "
                    "you will be asked for both.\n"
                    "- Avoid performance promises and anything that reads like advice to an "
                    "individual.\n"
                    "- Lead with risk reduction, audit readiness and cost to serve: the outcomes "
                    "financial buyers are measured on.",
            .industry = {"Financial Services"},
        },
        {
            .heading = "Earning trust with clinical and compliance buyers",
            .body =
                "Healthcare buyers are cautious for good reasons: patient safety, data "
                "protection and procurement rules that outlast any single champion.\n\n"
                "- Never let patient data, or anything that could identify a patient, into "
                "marketing tools or forms.\n"
                "- Bring evidence early: a case study with measured outcomes, a security "
                "summary and references from similar organisations.\n"
                "- Map the buying group. Clinicians judge value, IT judges risk and procurement "
                "judges terms; each needs its own message.\n"
                "- Expect long cycles and plan nurture in months, not weeks.",
            .industry = {"Healthcare"},
        },
        {
            .heading = "Seasonality and the repeat-purchase engine",
            .body =
                "In retail and e-commerce the calendar sets the agenda. Reach buyers when they "
                "are planning, not when they are busiest.\n\n"
                "- Talk to e-commerce and merchandising leads eight to twelve weeks before peak "
                "season, while budgets and roadmaps are still open.\n"
                "- Use their numbers: conversion rate, average order value, repeat-purchase "
                "rate and return rate.\n"
                "- Save reviews and case studies for the quiet weeks after peak, when teams "
                "have time to read.\n"
                "- Show how fast a change can go live. Anything that cannot ship before peak "
                "waits a year.",
            .industry = {"Retail & E-commerce"},
        },
        {
            .heading = "Selling into long, multi-stakeholder cycles",
            .body =
                "Industrial buyers rarely decide in one conversation. Engineering, operations, "
                "procurement and finance all have a vote, and uptime matters more than "
                "novelty.\n\n"
                "- Find the site or operations owner who feels the problem every day; that "
                "person is your champion.\n"
                "- Quantify the case in downtime avoided, throughput gained or cost per unit, "
                "not in features.\n"
                "- Offer a contained pilot on one line, site or route, with the measurement "
                "plan agreed up front.\n"
                "- Keep a steady, low-volume nurture going for a year: projects are approved in "
                "budget cycles, and you want to be remembered when the cycle comes round.",
            .industry = {"Manufacturing", "Logistics", "Energy"},
        },
        {
            .heading = "Turning expertise into pipeline",
            .body = "In a services business the product is your people's judgement, so the best "
                    "outreach shows that judgement before anyone asks for it.\n\n"
                    "- Publish one genuinely useful piece a month: a benchmark, a teardown or a "
                    "checklist clients can use without you.\n"
                    "- Turn every engagement into a reusable story (problem, approach, measured "
                    "result), with the client's permission.\n"
                    "- Follow content up with a specific offer, such as a thirty-minute review, "
                    "rather than a vague invitation to chat.\n"
                    "- Record where each new client first heard of {{display.company}}; referrals "
                    "and content usually outperform paid channels by a wide margin.",
            .industry = {"Professional Services", "Marketing & Advertising"},
        },
        {
            .heading = "Budget cycles, procurement and mission",
            .body =
                "Schools, public bodies and non-profits buy differently: budgets are annual, "
                "procurement is formal and the mission comes before the margin.\n\n"
                "- Learn the budget calendar and start conversations a term or a fiscal quarter "
                "before the money is allocated.\n"
                "- Prepare what procurement will ask for (security, accessibility, data "
                "protection and pricing schedules) before anyone asks.\n"
                "- Frame value first in outcomes for the people served, then in cost savings.\n"
                "- Make your champions look good: give them a one-page summary they can take to "
                "a board or committee.",
            .industry = {"Education", "Public Sector", "Non-profit"},
        },
        {
            .heading = "Finding the customers worth chasing",
            .body = "Before scaling any channel, write down who {{display.companyPossessive}} best "
                    "customers are. Without that picture every campaign is a guess.\n\n"
                    "- Take your ten most successful customers and note their industry, size, the "
                    "role that signed and what triggered the purchase.\n"
                    "- Look for the pattern: the trigger usually matters more than the industry.\n"
                    "- Turn it into a one-paragraph profile and check every new campaign against "
                    "it.",
            .industry = {"unknown"},
        },
        {
            .heading = "Instrumentation you can trust",
            .body =
                "Pipeline numbers are only as good as the plumbing underneath them. A few hours "
                "of engineering here saves months of arguing about whose dashboard is right.\n\n"
                "- Capture leads through one API or webhook and keep the raw submission, so you "
                "can reprocess it when your rules change.\n"
                "- Make every automated step idempotent and safe to retry; duplicate leads and "
                "double-sent emails are the most common failures.\n"
                "- Give each lead a stable ID from the first form to the closed deal, and log "
                "every state change with a timestamp.\n"
                "- Alert on silence: a form that has produced no leads for a day is usually "
                "broken, not unpopular.",
            .department = {"engineering", "data", "it"},
        },
        {
            .heading = "Follow-up that does not burn your list",
            .body = "Speed matters, but relevance matters more. The fastest reply still fails if "
                    "it reads as if it was sent to everyone.\n\n"
                    "- Answer inbound leads within an hour during working hours; reply rates drop "
                    "sharply after that.\n"
                    "- Mention one specific thing about the lead's company or role in the first "
                    "line.\n"
                    "- Stop after four touches without a reply and move the contact to a quarterly "
                    "nurture instead.\n"
                    "- Hand customers who reply with a problem to the people who can solve it, not "
                    "to another sales sequence.",
            .department = {"sales", "customer_success"},
        },
        {
            .heading = "From lead magnet to qualified meeting",
            .body = "A lead magnet starts a conversation; it does not end a campaign. Most of its "
                    "value is won or lost in the days after the download.\n\n"
                    "- Ask for as little as possible on the form, and enrich the rest later.\n"
                    "- Deliver the asset at once and personalise it, the way this playbook is "
                    "written for {{display.company}}.\n"
                    "- Follow up with one related, genuinely useful idea before any meeting "
                    "request.\n"
                    "- Measure the whole path per asset (downloads, replies, meetings, pipeline "
                    "created) and retire assets that create activity without pipeline.",
            .department = {"marketing"},
        },
        {
            .heading = "Measuring payback honestly",
            .body =
                "Growth spend is easy to approve and hard to judge. A few consistent measures "
                "make it an investment decision like any other.\n\n"
                "- Work out customer-acquisition cost per channel including people and tools, "
                "not only media spend.\n"
                "- Track payback period and net revenue retention by cohort, not blended across "
                "all customers.\n"
                "- Keep pipeline created apart from pipeline influenced; attribution models "
                "flatter everything they touch.\n"
                "- Review monthly with marketing and sales in the room, and agree the numbers "
                "before debating the budget.",
            .department = {"finance", "operations"},
        },
    };
}

}  // namespace lodestone::content_template
