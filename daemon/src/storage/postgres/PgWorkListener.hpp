#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <thread>

#include "storage/Store.hpp"

struct pg_conn;

namespace lodestone::storage::postgres {

// The channel lodestoned's announcements of new work go on; the payload is the queue's name, a
// space, and the announcing process's tag (so a process does not wake itself twice).
inline constexpr const char* kWorkChannel = "lodestone_work";

// LISTENs on kWorkChannel on a connection of its own, on a thread of its own, and calls `heard`
// with the queue of every announcement of another process. A lost connection (noticed at once
// when closed, within about 30 s by TCP keepalives when it died silently) is opened again a
// second later; announcements made meanwhile are missed, which costs at most the listeners' next
// poll. Opening one gives up after 5 s unless the DSN says otherwise, so a stop waits no longer.
class PgWorkListener final : public WorkListener {
  public:
    PgWorkListener(std::string dsn, std::string ownTag,
                   std::function<void(const std::string& queue)> heard);
    ~PgWorkListener() override;

  private:
    void run();
    pg_conn* connect() const;
    bool listenOn(pg_conn* connection);

    std::string dsn_;
    std::string ownTag_;
    std::function<void(const std::string&)> heard_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace lodestone::storage::postgres
