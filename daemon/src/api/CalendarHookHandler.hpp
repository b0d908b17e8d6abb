#pragma once

#include <Poco/Net/HTTPRequestHandler.h>

#include <string>

#include "api/ApiServices.hpp"
#include "outreach/calendar/CalendarNotice.hpp"

namespace lodestone::api {

// POST /hooks/calcom/{campaignId} and /hooks/calendly/{campaignId}: a calendar service reporting
// a booking, a reschedule or a cancellation (docs/calendars.md). No API key: the campaign's
// intake secret signs the body. Answers 2xx to every signed report it understood, including
// those that match no prospect, so the calendar does not retry them.
class CalendarHookHandler final : public Poco::Net::HTTPRequestHandler {
  public:
    CalendarHookHandler(ApiServices& services, outreach::calendar::CalendarProvider provider,
                        std::string campaignId)
        : services_(services), provider_(provider), campaignId_(std::move(campaignId)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request,
                       Poco::Net::HTTPServerResponse& response) override;

  private:
    Poco::JSON::Object::Ptr serve(Poco::Net::HTTPServerRequest& request);

    ApiServices& services_;
    outreach::calendar::CalendarProvider provider_;
    std::string campaignId_;
};

}  // namespace lodestone::api
