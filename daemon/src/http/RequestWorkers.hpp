#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace lodestone::http {

// The threads that run request handlers. Only complete requests reach them, so a worker is never
// spent waiting for a client; a full queue is refused at once (the front answers 503).
class RequestWorkers {
  public:
    RequestWorkers(int threads, std::size_t maxQueued);
    ~RequestWorkers();
    RequestWorkers(const RequestWorkers&) = delete;
    RequestWorkers& operator=(const RequestWorkers&) = delete;

    // False when `maxQueued` requests already wait for a worker.
    bool submit(std::function<void()> task);

    // Runs what is queued, then joins the threads.
    void stop();

  private:
    void run();

    std::size_t maxQueued_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::function<void()>> queue_;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace lodestone::http
