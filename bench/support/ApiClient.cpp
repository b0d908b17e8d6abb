#include "bench/support/ApiClient.hpp"

#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>

#include <algorithm>

#include "bench/support/Lodestoned.hpp"

namespace lodestone::bench {

ApiConnection::ApiConnection(std::uint16_t port) : session_("127.0.0.1", port) {
    session_.setKeepAlive(true);
    session_.setTimeout(Poco::Timespan(60, 0));
}

int ApiConnection::request(const std::string& method, const std::string& path,
                           const std::string& body, std::string& reply) {
    Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("Authorization", "Bearer " + kApiKey);
    if (method == Poco::Net::HTTPRequest::HTTP_POST) {
        request.setContentType("application/json");
        request.setContentLength64(static_cast<Poco::Int64>(body.size()));
    }
    session_.sendRequest(request) << body;
    noteConnection();
    Poco::Net::HTTPResponse response;
    std::istream& in = session_.receiveResponse(response);
    reply.clear();
    Poco::StreamCopier::copyToString(in, reply);
    return response.getStatus();
}

void ApiConnection::noteConnection() {
    const auto port = session_.socket().address().port();
    if (port != localPort_) {
        localPort_ = port;
        ++opened_;
    }
}

void ClientStats::merge(ClientStats&& part) {
    latenciesMs.insert(latenciesMs.end(), part.latenciesMs.begin(), part.latenciesMs.end());
    for (auto [status, count] : part.statuses) statuses[status] += count;
    errors += part.errors;
    connections += part.connections;
    if (part.first != Clock::time_point{} && (first == Clock::time_point{} || part.first < first))
        first = part.first;
    last = std::max(last, part.last);
    if (firstProblem.empty()) firstProblem = part.firstProblem;
}

std::int64_t ClientStats::count(int status) const {
    auto it = statuses.find(status);
    return it == statuses.end() ? 0 : it->second;
}

std::int64_t ClientStats::requests() const {
    std::int64_t total = errors;
    for (auto [status, n] : statuses) total += n;
    return total;
}

double ClientStats::ratePerSecond() const {
    return last > first ? static_cast<double>(requests()) / seconds(last - first) : 0;
}

std::optional<int> timedRequest(ApiConnection& connection, const std::string& method,
                                const std::string& path, const std::string& body,
                                std::string& reply, ClientStats& stats) {
    const auto sent = Clock::now();
    if (stats.first == Clock::time_point{}) stats.first = sent;
    try {
        const int status = connection.request(method, path, body, reply);
        const auto received = Clock::now();
        stats.latenciesMs.push_back(milliseconds(received - sent));
        ++stats.statuses[status];
        stats.last = received;
        return status;
    } catch (const Poco::Exception& e) {
        ++stats.errors;
        if (stats.firstProblem.empty()) stats.firstProblem = e.displayText();
        return std::nullopt;
    }
}

std::string fieldAfter(const std::string& reply, const std::string& key) {
    auto start = reply.find(key);
    if (start == std::string::npos) return "";
    start += key.size();
    auto end = reply.find('"', start);
    return end == std::string::npos ? "" : reply.substr(start, end - start);
}

}  // namespace lodestone::bench
