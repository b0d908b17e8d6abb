#include "http/RequestWorkers.hpp"

#include <Poco/Logger.h>

namespace lodestone::http {

RequestWorkers::RequestWorkers(int threads, std::size_t maxQueued) : maxQueued_(maxQueued) {
    threads_.reserve(static_cast<std::size_t>(threads));
    for (int i = 0; i < threads; ++i) threads_.emplace_back([this] { run(); });
}

RequestWorkers::~RequestWorkers() {
    stop();
}

bool RequestWorkers::submit(std::function<void()> task) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || queue_.size() >= maxQueued_) return false;
        queue_.push_back(std::move(task));
    }
    ready_.notify_one();
    return true;
}

void RequestWorkers::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    ready_.notify_all();
    for (auto& thread : threads_) {
        if (thread.joinable()) thread.join();
    }
}

void RequestWorkers::run() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;
            task = std::move(queue_.front());
            queue_.pop_front();
        }
        try {
            task();
        } catch (const std::exception& e) {
            // Tasks catch their own handler's errors; this is the last line before std::terminate.
            Poco::Logger::get("lodestone.http").error("request worker: %s", std::string(e.what()));
        }
    }
}

}  // namespace lodestone::http
