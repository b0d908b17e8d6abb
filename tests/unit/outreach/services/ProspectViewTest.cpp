// renderProspect (GET /api/campaigns/{id}/leads/{prospectId}) and calendarRedirect (GET
// /b/{token}).
#include <gtest/gtest.h>

#include <sstream>

#include "outreach/BookingLink.hpp"
#include "outreach/ProspectView.hpp"

using namespace lodestone;
using namespace lodestone::outreach;
using domain::ProspectStatus;
using domain::StepName;
using domain::StepStatus;

namespace {

constexpr domain::Timestamp kT0 = 1'750'000'000'000;

std::string text(const Poco::Dynamic::Var& json) {
    if (json.isEmpty()) return "null";
    std::ostringstream out;
    if (json.type() == typeid(Poco::JSON::Object::Ptr)) {
        json.extract<Poco::JSON::Object::Ptr>()->stringify(out);
    } else if (json.type() == typeid(Poco::JSON::Array::Ptr)) {
        json.extract<Poco::JSON::Array::Ptr>()->stringify(out);
    } else {
        return json.toString();
    }
    return out.str();
}

ProspectRecord record() {
    ProspectRecord r;
    r.prospect.id = "prospect_1";
    r.prospect.campaignId = "campaign_1";
    r.prospect.email = "Ann@Initech.com";
    r.prospect.companyName = "Initech";
    r.prospect.contactName = "Ann Lee";
    r.prospect.status = ProspectStatus::Queued;
    r.prospect.createdAt = kT0;
    r.prospect.updatedAt = kT0 + 1;
    r.history = {{ProspectStatus::Queued, kT0, std::nullopt}};
    return r;
}

domain::Job jobWithResearch(StepStatus status, std::optional<std::string> output) {
    domain::Job job;
    job.kind = domain::JobKind::Prospect;
    job.retryCount = 2;
    domain::JobStep step;
    step.name = StepName::Research;
    step.status = status;
    step.startedAt = kT0 + 2;
    if (status == StepStatus::Completed) step.completedAt = kT0 + 3;
    step.outputJson = std::move(output);
    job.steps.push_back(step);
    return job;
}

}  // namespace

TEST(ProspectView, AQueuedProspectHasPendingResearchAndNoScore) {
    auto view = renderProspect(record(), "http://x/b/tok");
    EXPECT_EQ(text(view),
              R"({"id":"prospect_1","campaignId":"campaign_1","status":"queued",)"
              R"("companyName":"Initech","contactName":"Ann Lee","email":"Ann@Initech.com",)"
              R"("title":null,"domain":null,"score":null,"qualified":null,"icp":null,)"
              R"("research":{"status":"pending"},"error":null,"retryCount":null,)"
              R"("bookingUrl":"http://x/b/tok","emails":[],"leadMagnet":null,)"
              R"("sequenceHeld":null,"meetings":[],"leadMagnets":[],)"
              R"("history":[{"status":"queued","at":1750000000000,"detail":null}],)"
              R"("createdAt":1750000000000,"updatedAt":1750000000001})");
    // A job whose research has not started yet is still pending.
    auto r = record();
    r.job = domain::Job{};
    auto pending = renderProspect(r, "");
    EXPECT_EQ(text(pending->get("research")), R"({"status":"pending"})");
    EXPECT_EQ(text(pending->get("retryCount")), "0");
}

TEST(ProspectView, CompletedResearchShowsItsFactsAsTheSummary) {
    auto r = record();
    r.job = jobWithResearch(
        StepStatus::Completed,
        R"({"facts":["Series B","Hiring SDRs"],"company":{"industry":"Software"}})");
    auto view = renderProspect(r, "");
    EXPECT_EQ(
        text(view->get("research")),
        R"({"status":"completed","summary":["Series B","Hiring SDRs"],)"
        R"("findings":{"facts":["Series B","Hiring SDRs"],"company":{"industry":"Software"}},)"
        R"("completedAt":1750000000003})");
    EXPECT_EQ(text(view->get("retryCount")), "2");

    r.job = jobWithResearch(StepStatus::Running, std::nullopt);
    EXPECT_EQ(text(renderProspect(r, "")->get("research")),
              R"({"status":"running","summary":null,"findings":null,"completedAt":null})");
    // Output that is not an object: findings as stored, no summary; garbage: null.
    r.job = jobWithResearch(StepStatus::Completed, R"(["a"])");
    EXPECT_EQ(
        text(renderProspect(r, "")->get("research")),
        R"({"status":"completed","summary":null,"findings":["a"],"completedAt":1750000000003})");
    r.job = jobWithResearch(StepStatus::Completed, "{not json");
    EXPECT_EQ(
        text(renderProspect(r, "")->get("research")),
        R"({"status":"completed","summary":null,"findings":null,"completedAt":1750000000003})");
}

TEST(ProspectView, ScoreFieldsComeFromTheStoredBreakdown) {
    auto r = record();
    r.prospect.status = ProspectStatus::Disqualified;
    r.prospect.title = "VP Sales";
    r.prospect.domain = "initech.com";
    r.prospect.score = 42;
    r.prospect.scoreJson = R"({"score":42,"threshold":60,"qualified":false,"excludedBy":null})";
    auto view = renderProspect(r, "");
    EXPECT_EQ(text(view->get("status")), "disqualified");
    EXPECT_EQ(text(view->get("title")), "VP Sales");
    EXPECT_EQ(text(view->get("domain")), "initech.com");
    EXPECT_EQ(text(view->get("score")), "42");
    EXPECT_EQ(text(view->get("qualified")), "false");
    EXPECT_EQ(text(view->get("icp")),
              R"({"score":42,"threshold":60,"qualified":false,"excludedBy":null})");
}

TEST(ProspectView, GarbageScoreJsonShowsAsNull) {
    for (const char* garbage : {"not json", "[1,2]", "42", ""}) {
        auto r = record();
        r.prospect.score = 42;
        r.prospect.scoreJson = garbage;
        auto view = renderProspect(r, "");
        EXPECT_EQ(text(view->get("score")), "42") << garbage;
        EXPECT_EQ(text(view->get("qualified")), "null") << garbage;
        EXPECT_EQ(text(view->get("icp")), "null") << garbage;
    }
}

TEST(ProspectView, MeetingsHistoryAndErrorAreListed) {
    auto r = record();
    r.prospect.status = ProspectStatus::MeetingBooked;
    r.prospect.error = "research failed";
    r.meetings = {{"meeting_1", "campaign_1", "prospect_1", "cal-1", "2026-12-01T15:00:00Z", 30,
                   "Intro", kT0 + 5},
                  {"meeting_2", "campaign_1", "prospect_1", std::nullopt, "2026-12-02T15:00:00Z",
                   15, "Follow-up", kT0 + 6}};
    r.history.push_back({ProspectStatus::MeetingBooked, kT0 + 5, "meeting meeting_1"});
    auto view = renderProspect(r, "");
    EXPECT_EQ(text(view->get("error")), "research failed");
    EXPECT_EQ(
        text(view->get("meetings")),
        R"([{"id":"meeting_1","scheduledAt":"2026-12-01T15:00:00Z","duration":30,)"
        R"("title":"Intro","externalId":"cal-1","createdAt":1750000000005,"status":"booked",)"
        R"("source":null,"cancelledAt":null},)"
        R"({"id":"meeting_2","scheduledAt":"2026-12-02T15:00:00Z","duration":15,)"
        R"("title":"Follow-up","externalId":null,"createdAt":1750000000006,"status":"booked",)"
        R"("source":null,"cancelledAt":null}])");
    EXPECT_EQ(text(view->get("history")),
              R"([{"status":"queued","at":1750000000000,"detail":null},)"
              R"({"status":"meeting_booked","at":1750000000005,"detail":"meeting meeting_1"}])");
}

TEST(ProspectView, ItsOwnLeadMagnetAndWhyItsSequenceIsHeld) {
    auto r = record();
    r.prospect.status = ProspectStatus::Qualified;
    domain::EmailSend held;
    held.step = 0;
    held.status = domain::EmailSendStatus::Pending;
    held.waitingFor = "lead_magnet";
    r.emails = {held};
    ProspectRecord::OwnLeadMagnet magnet;
    magnet.lead.id = "lead_1";
    magnet.lead.projectId = "project_1";
    magnet.lead.leadMagnetUrl = "http://x/m/lead_1";
    magnet.lead.createdAt = kT0;
    magnet.job.id = "job_1";
    magnet.job.status = domain::JobStatus::Failed;
    magnet.job.error = "no credits: organisation has 0 credits";
    magnet.activity.views = 2;
    r.leadMagnet = magnet;

    auto view = renderProspect(r, "http://x/b/tok");
    EXPECT_EQ(text(view->get("leadMagnet")),
              R"({"leadId":"lead_1","jobId":"job_1","projectId":"project_1",)"
              R"("url":"http://x/m/lead_1","title":null,"status":"failed",)"
              R"("error":"no credits: organisation has 0 credits","canRetry":true,"views":2,)"
              R"("firstViewedAt":null,"lastViewedAt":null,"ctaClicks":0,"lastCtaClickAt":null,)"
              R"("createdAt":1750000000000})");
    EXPECT_EQ(view->getValue<std::string>("sequenceHeld"),
              "paused: its lead magnet failed (no credits: organisation has 0 credits); retry the "
              "lead magnet and the email goes out once the page is ready");
    EXPECT_EQ(text(view->getArray("emails")->getObject(0)->get("waitingFor")), "lead_magnet");

    // Being made: waiting, not paused; finished: nothing held, and the title shows.
    r.leadMagnet->job.status = domain::JobStatus::ContentRunning;
    EXPECT_EQ(renderProspect(r, "")->getValue<std::string>("sequenceHeld"),
              "waiting for its lead magnet (content_running)");
    r.leadMagnet->job.status = domain::JobStatus::Completed;
    domain::JobStep content;
    content.name = StepName::Content;
    content.status = StepStatus::Completed;
    content.outputJson = R"({"title":"A guide for Initech","sections":[]})";
    r.leadMagnet->job.steps = {content};
    r.emails[0].waitingFor = std::nullopt;
    view = renderProspect(r, "");
    EXPECT_TRUE(view->get("sequenceHeld").isEmpty());
    EXPECT_EQ(view->getObject("leadMagnet")->getValue<std::string>("title"), "A guide for Initech");
}

TEST(CalendarRedirect, AddsTheProspectsNameAndEmail) {
    EXPECT_EQ(calendarRedirect("https://cal.example/acme/intro", "Ann Lee", "ann@initech.com"),
              "https://cal.example/acme/intro?name=Ann%20Lee&email=ann%40initech.com");
}

TEST(CalendarRedirect, KeepsOtherParametersAndReplacesEarlierNameAndEmail) {
    EXPECT_EQ(
        calendarRedirect("https://cal.example/acme?utm_source=lodestone&name=Old&month=2026-12"
                         "&email=old%40x.io#top",
                         "Ann Lee", "ann@initech.com"),
        "https://cal.example/acme?utm_source=lodestone&month=2026-12&name=Ann%20Lee"
        "&email=ann%40initech.com#top");
}

TEST(CalendarRedirect, CarriesTheBookingTokenForCalcomAndCalendly) {
    EXPECT_EQ(
        calendarRedirect("https://cal.example/acme/intro", "Ann Lee", "ann@initech.com", "tok123"),
        "https://cal.example/acme/intro?name=Ann%20Lee&email=ann%40initech.com"
        "&metadata%5Blodestone%5D=tok123&utm_source=lodestone&utm_content=tok123");
}

TEST(CalendarRedirect, KeepsTheOperatorsUtmSourceAndReplacesAnEarlierToken) {
    EXPECT_EQ(calendarRedirect("https://calendly.example/acme?utm_source=newsletter"
                               "&utm_content=old&metadata[lodestone]=old",
                               "Ann Lee", "ann@initech.com", "tok123"),
              "https://calendly.example/acme?utm_source=newsletter&name=Ann%20Lee"
              "&email=ann%40initech.com&metadata%5Blodestone%5D=tok123&utm_content=tok123");
}

TEST(CalendarRedirect, PercentEncodesWhatWouldBreakTheQuery) {
    EXPECT_EQ(
        calendarRedirect("https://cal.example/x", "Zoë O'Hara & Co=1?", "ann+tag@initech.com"),
        "https://cal.example/x?name=Zo%C3%AB%20O%27Hara%20%26%20Co%3D1%3F"
        "&email=ann%2Btag%40initech.com");
}
