// The built-in playbook's opening and its sections by seniority and company size. Plain text:
// paragraphs are separated by a blank line, list items start with "- ".
#include "BuiltInSections.hpp"

namespace lodestone::content_template {

std::vector<BuiltInSection> roleAndSizeSections() {
    return {
        {
            .heading = "Where {{display.company}} starts",
            .body =
                "{{#person.firstName}}{{person.firstName}}, most{{/person.firstName}}"
                "{{^person.firstName}}Most{{/person.firstName}} pipeline advice is written for "
                "nobody in particular. "
                "This playbook is written for {{display.profile}}{{#person.title}}, and for "
                "your work as {{person.title}}{{/person.title}}. It picks the plays that matter "
                "most from where {{display.company}} is today and leaves out the ones that would "
                "waste your time.\n\n"
                "Each play ends in something you can start this week. Work through them in "
                "order: the early ones make the later ones cheaper.",
        },
        {
            .heading = "Governance: who owns the pipeline number",
            .body =
                "Pipeline problems at the top are rarely about effort; they are about "
                "ownership. When marketing owns leads, sales owns opportunities and nobody owns "
                "the handover, the forecast becomes a negotiation instead of a measurement.\n\n"
                "- Name one owner for pipeline coverage across the whole funnel, with the "
                "authority to change how leads are routed.\n"
                "- Agree three definitions in writing: a qualified lead, a qualified opportunity "
                "and a lost deal. Revisit them quarterly, not weekly.\n"
                "- Review pipeline created, not only revenue closed. Closed revenue describes "
                "last quarter; created pipeline predicts the next one.\n\n"
                "Your job is to make these decisions stick across {{display.company}}, not to "
                "make them alone.",
            .seniority = {"executive", "vp"},
        },
        {
            .heading = "Making the ROI case",
            .body =
                "Every new motion competes with work that already has a budget. The case that "
                "wins ties spend to pipeline you can count, over a period short enough to "
                "check.\n\n"
                "- Baseline first: cost per qualified meeting and meeting-to-opportunity rate "
                "over the last 90 days.\n"
                "- Pilot one segment for six weeks with a fixed budget and a success threshold "
                "written down before you start.\n"
                "- Report payback in months, not in clicks or opens. Finance will translate "
                "everything else into that anyway.\n\n"
                "If the pilot misses, {{display.company}} has bought a cheap lesson. If it hits, "
                "the next budget conversation is about how much, not whether.",
            .seniority = {"executive", "head", "director"},
        },
        {
            .heading = "A weekly pipeline review that changes things",
            .body =
                "Most pipeline reviews are status meetings in disguise. A useful one takes "
                "thirty minutes, looks forward and ends with decisions.\n\n"
                "- Start with what moved: new opportunities, stalled ones, and anything that "
                "slipped a stage backwards.\n"
                "- Spend the time on deals stuck for more than two weeks, and agree the one next "
                "step that unblocks each.\n"
                "- Track two numbers week on week: pipeline created and median days in stage. "
                "Trends in either show up a month before the revenue does.\n"
                "- Keep a written log of decisions. Within a quarter it becomes the best "
                "coaching material {{display.team}} has.",
            .seniority = {"head", "director", "manager"},
        },
        {
            .heading = "Your first 30 days: a hands-on setup",
            .body =
                "You do not need a committee to start. One person with access to the form, the "
                "CRM and an email account can have a working loop within a month.\n\n"
                "- Week 1: list your last twenty customers and write down what they had in "
                "common before they bought. That list is your first ideal-customer profile.\n"
                "- Week 2: put one useful lead magnet behind a short form (email, company, role) "
                "and route every submission to a single inbox or CRM view.\n"
                "- Week 3: answer every new lead within one working day with a short, specific "
                "note, and log the reply rate.\n"
                "- Week 4: drop the weakest message, double down on the best one, and write up "
                "what you learned on half a page.\n\n"
                "Small, measured loops beat big launches{{#person.firstName}}, "
                "{{person.firstName}}{{/person.firstName}}.",
            .seniority = {"individual_contributor", "senior", "entry", "unknown"},
        },
        {
            .heading = "Doing more with a small team",
            .body =
                "At {{#company.sizeBand}}{{company.sizeBand}} people{{/company.sizeBand}}"
                "{{^company.sizeBand}}{{display.companyPossessive}} size{{/company.sizeBand}}, "
                "every "
                "hour spent on outreach is an hour not spent on the product or on customers. "
                "The answer is not more activity but less, done consistently.\n\n"
                "- Pick one channel and one audience, and ignore the rest for a quarter.\n"
                "- Automate the dull parts (enrichment, routing, reminders) and keep the writing "
                "human.\n"
                "- Reuse everything: one good customer story becomes a post, an email sequence "
                "and a sales slide.\n"
                "- Protect two fixed hours a week for pipeline work, and keep them when things "
                "get busy; that is exactly when they matter.",
            .sizeCategory = {"micro", "small"},
        },
        {
            .heading = "Scaling what already works",
            .body =
                "Companies of {{#company.sizeBand}}{{company.sizeBand}} people"
                "{{/company.sizeBand}}{{^company.sizeBand}}{{display.companyPossessive}} size"
                "{{/company.sizeBand}} usually have something that works, often a founder's "
                "network or one strong channel, and a team that has outgrown it. The risk now "
                "is that every new hire invents their own process.\n\n"
                "- Write down the motion that produces your best customers, step by step, "
                "before adding anything new.\n"
                "- Segment by account size and give each segment its own follow-up speed and "
                "message.\n"
                "- Give every lead a single owner within minutes of arriving; unowned leads are "
                "where growing companies lose the most.\n"
                "- Measure the handover between marketing and sales, because that is where "
                "volume usually leaks.",
            .sizeCategory = {"mid_market"},
        },
        {
            .heading = "Risk and control at scale",
            .body =
                "At {{display.companyPossessive}} scale the question is less whether outreach "
                "works "
                "than whether it can run without creating risk. One badly targeted campaign can "
                "reach thousands of people, several jurisdictions and a brand that took decades "
                "to build.\n\n"
                "- Keep a register of every tool that sends email or stores lead data, with an "
                "owner and a data-processing agreement for each.\n"
                "- Apply consent and suppression lists centrally, so no regional team can mail "
                "someone who opted out elsewhere.\n"
                "- Review new sequences before they go out at volume, and pilot them with a few "
                "hundred contacts first.\n"
                "- Audit quarterly: who can export lead data, where it goes and how long it is "
                "kept.",
            .sizeCategory = {"enterprise"},
        },
    };
}

}  // namespace lodestone::content_template
