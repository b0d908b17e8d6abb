#include "bench/support/CampaignApi.hpp"

namespace lodestone::bench {

std::string leadBody(int i) {
    const std::string n = std::to_string(i);
    return R"({"companyName":"Company )" + n + R"(","contactName":"Contact )" + n +
           R"(","email":"contact)" + n + R"(@example.com","title":"VP Engineering"})";
}

std::string meetingBody(const std::string& prospectId) {
    return R"({"prospectId":")" + prospectId +
           R"(","scheduledAt":"2026-12-03T10:30:00Z","duration":45,"title":"Discovery call"})";
}

std::string postExpecting201(ApiConnection& connection, const std::string& path,
                             const std::string& body, const std::string& key, ClientStats& stats) {
    std::string reply;
    const auto status = timedRequest(connection, "POST", path, body, reply, stats);
    if (!status) {
        stats.last = Clock::now();  // a failed request also ends the stretch the rate is over
        return "";
    }
    std::string value = *status == 201 ? fieldAfter(reply, key) : "";
    if (value.empty() && stats.firstProblem.empty()) {
        stats.firstProblem = "POST " + path + ": " + std::to_string(*status) + " " + reply;
    }
    return value;
}

}  // namespace lodestone::bench
