#pragma once

#include <Poco/Net/HTTPClientSession.h>

#include <atomic>
#include <cstdint>
#include <latch>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench/support/Time.hpp"

namespace lodestone::bench {

// One keep-alive HTTP connection to the daemon's API, with the pinned key. Counts how many TCP
// connections it had to open, so a run shows that it measured requests, not connection set-up.
class ApiConnection {
  public:
    explicit ApiConnection(std::uint16_t port);

    // Sends one request and reads the whole response, so the connection can carry the next.
    int request(const std::string& method, const std::string& path, const std::string& body,
                std::string& reply);
    int connectionsOpened() const { return opened_; }

  private:
    void noteConnection();

    Poco::Net::HTTPClientSession session_;
    std::uint16_t localPort_ = 0;
    int opened_ = 0;
};

// What one client thread saw; merged after the run so no thread shares counters while measuring.
struct ClientStats {
    std::vector<double> latenciesMs;
    std::map<int, std::int64_t> statuses;  // HTTP status -> count
    std::int64_t errors = 0;               // exceptions: connection reset, timeout
    std::string firstProblem;
    int connections = 0;
    Clock::time_point first{};  // the first request sent
    Clock::time_point last{};   // the last response read

    void merge(ClientStats&& part);
    std::int64_t count(int status) const;
    std::int64_t requests() const;  // answered or not
    double ratePerSecond() const;   // requests over first to last
};

// Sends one request, noting its latency and status in `stats`; a failure at the connection level
// is counted (and noted, when the first problem) and gives nullopt.
std::optional<int> timedRequest(ApiConnection& connection, const std::string& method,
                                const std::string& path, const std::string& body,
                                std::string& reply, ClientStats& stats);

// A string field of a JSON reply, found by its key's text rather than parsed: the bench shares
// the machine with the daemon and should spend little CPU. `key` is e.g. "\"jobId\":\"".
std::string fieldAfter(const std::string& reply, const std::string& key);

// Client threads on keep-alive connections of their own that make requests numbered [0, count),
// each the next one not taken. They start together, when start() is called, so that the load
// begins at a moment the caller knows.
template <typename RequestFn>
class ClientThreads {
  public:
    // `request(i, connection, stats)` makes request i.
    ClientThreads(std::uint16_t port, int threads, int count, RequestFn request)
        : count_(count), request_(std::move(request)), stats_(static_cast<std::size_t>(threads)) {
        for (auto& mine : stats_) {
            threads_.emplace_back([this, port, &mine] {
                ApiConnection connection(port);
                go_.wait();
                for (int i = next_++; i < count_; i = next_++) request_(i, connection, mine);
                mine.connections = connection.connectionsOpened();
            });
        }
    }
    // Only reached without join() when the caller failed: the threads then make no more requests.
    ~ClientThreads() {
        if (threads_.empty() || !threads_.front().joinable()) return;
        next_ = count_;
        start();
        for (auto& t : threads_) t.join();
    }
    ClientThreads(const ClientThreads&) = delete;
    ClientThreads& operator=(const ClientThreads&) = delete;

    void start() {
        if (!started_.exchange(true)) go_.count_down();
    }

    // Waits until every request has been made; what all the threads saw.
    ClientStats join() {
        for (auto& t : threads_) t.join();
        ClientStats total;
        for (auto& part : stats_) total.merge(std::move(part));
        return total;
    }

  private:
    int count_;
    RequestFn request_;
    std::atomic<int> next_{0};
    std::latch go_{1};
    std::atomic<bool> started_{false};
    std::vector<ClientStats> stats_;
    std::vector<std::thread> threads_;
};

}  // namespace lodestone::bench
