// RVO2's Circle as the app's `circle` scene runs it, for `cargo xtask peers`:
// RVO2 2.0.3's own library (libRVO.so from the PyPI package pyrvo), driven
// the way its examples drive it. Only RVOSimulator::doStep is timed.
//
// The scene, in the app's units (RVO2's example at 4 px a unit, 4 ticks a
// second): agents on circles from 800 px out, 20.1 px apart (RVO2's 250 on
// the first); each walks to the point opposite its start and, within its
// radius of it, back again; preferred speed 1 px/tick (slowing within 1
// px), top speed 2, radius 6, 10 neighbours within 60 px, 40 ticks ahead.
//
// Usage: rvo2 AGENTS TICKS. Prints one JSON line.

#include <RVO/RVO.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <vector>

namespace {

const float TAU = 6.2831855f;
const float FIRST = 800.0f, RADIUS = 6.0f, SPACING = TAU * FIRST / 250.0f;

// The app's `circle::places`: circles from the first outward, each as full
// as the spacing allows, the last holding the rest evenly.
std::vector<RVO::Vector2> places(std::size_t n) {
  std::vector<RVO::Vector2> out;
  float first = FIRST * std::max(float(std::min<std::size_t>(n, 250)) / 250.0f, 0.25f);
  for (int ring = 0; out.size() < n; ++ring) {
    float r = first + float(ring) * SPACING;
    std::size_t fits = std::max<std::size_t>(1, std::size_t(TAU * r / SPACING));
    std::size_t here = std::min(fits, n - out.size());
    for (std::size_t k = 0; k < here; ++k) {
      float a = float(k) * TAU / float(here);
      out.push_back(RVO::Vector2(r * std::cos(a), r * std::sin(a)));
    }
  }
  return out;
}

// Pairs of bodies overlapping by more than a hundredth of a px, and the
// deepest overlap, by a grid of cells a body wide.
void overlaps(const RVO::RVOSimulator &sim, std::size_t n, unsigned long long &pairs, float &deepest) {
  const float d = 2.0f * RADIUS;
  std::unordered_map<long long, std::vector<std::size_t>> cells;
  auto key = [](long long x, long long y) { return (x << 32) ^ (y & 0xffffffffLL); };
  auto cell = [&](float v) { return (long long)std::floor(v / d); };
  for (std::size_t i = 0; i < n; ++i) {
    RVO::Vector2 p = sim.getAgentPosition(i);
    cells[key(cell(p.x()), cell(p.y()))].push_back(i);
  }
  for (std::size_t i = 0; i < n; ++i) {
    RVO::Vector2 p = sim.getAgentPosition(i);
    for (long long dx = -1; dx <= 1; ++dx)
      for (long long dy = -1; dy <= 1; ++dy) {
        auto it = cells.find(key(cell(p.x()) + dx, cell(p.y()) + dy));
        if (it == cells.end()) continue;
        for (std::size_t j : it->second) {
          if (j <= i) continue;
          float depth = d - RVO::abs(p - sim.getAgentPosition(j));
          if (depth > 0.01f) {
            ++pairs;
            deepest = std::max(deepest, depth);
          }
        }
      }
  }
}

}  // namespace

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: rvo2 AGENTS TICKS\n");
    return 2;
  }
  const std::size_t n = std::strtoul(argv[1], nullptr, 10);
  const long ticks = std::strtol(argv[2], nullptr, 10);
  RVO::RVOSimulator sim;
  sim.setTimeStep(1.0f);
  sim.setAgentDefaults(60.0f, 10, 40.0f, 40.0f, RADIUS, 2.0f);
  std::vector<RVO::Vector2> starts = places(n), opposite, goals;
  for (const RVO::Vector2 &p : starts) {
    sim.addAgent(p);
    opposite.push_back(-p);
  }
  goals = opposite;
  std::vector<char> returning(n, 0), reached(n, 0);
  std::size_t arrived = 0;
  long arrived_ticks = -1;
  unsigned long long pairs = 0;
  float deepest = 0.0f;
  double stepping = 0.0;
  for (long tick = 0; tick < ticks; ++tick) {
    for (std::size_t i = 0; i < n; ++i) {
      RVO::Vector2 g = goals[i] - sim.getAgentPosition(i);
      if (RVO::absSq(g) > 1.0f) g = RVO::normalize(g);
      sim.setAgentPrefVelocity(i, g);
    }
    auto t0 = std::chrono::steady_clock::now();
    sim.doStep();
    stepping += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (std::size_t i = 0; i < n; ++i) {
      if (RVO::absSq(sim.getAgentPosition(i) - goals[i]) <= RADIUS * RADIUS) {
        if (!returning[i] && !reached[i]) {
          reached[i] = 1;
          ++arrived;
        }
        returning[i] = !returning[i];
        goals[i] = returning[i] ? starts[i] : opposite[i];
      }
    }
    if (arrived_ticks < 0 && arrived == n) arrived_ticks = tick;
    overlaps(sim, n, pairs, deepest);
  }
  std::printf(
      "{\"peer\":\"RVO2 2.0.3\",\"agents\":%zu,\"ticks\":%ld,\"arrived\":%zu,\"arrived_ticks\":%ld,"
      "\"mean_overlap_pairs\":%.4f,\"max_overlap\":%.4f,\"ns_per_agent_step\":%.1f}\n",
      n, ticks, arrived, arrived_ticks, double(pairs) / double(std::max(ticks, 1L)), deepest,
      stepping * 1e9 / (double(n) * double(std::max(ticks, 1L))));
  return 0;
}
