#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "bench/support/ApiClient.hpp"

// The campaign routes the bench loads: adding leads and booking meetings for their prospects.
namespace lodestone::bench {

// The reply fields the bench needs, as their text starts.
inline const std::string kProspectKey = "\"prospectId\":\"";
inline const std::string kMeetingKey = "\"meeting\":{\"id\":\"";

std::string leadBody(int i);
std::string meetingBody(const std::string& prospectId);

// POSTs one request and returns the wanted field of a 201 reply ("" on any failure, counted).
std::string postExpecting201(ApiConnection& connection, const std::string& path,
                             const std::string& body, const std::string& key, ClientStats& stats);

// Runs `count` requests numbered [0, count) over `clients` threads on keep-alive connections.
// `request(i, connection, stats)` makes request i.
template <typename RequestFn>
ClientStats runClients(std::uint16_t port, int clients, int count, RequestFn request) {
    ClientThreads threads(port, std::min(clients, std::max(count, 1)), count, std::move(request));
    threads.start();
    return threads.join();
}

}  // namespace lodestone::bench
