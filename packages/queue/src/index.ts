// @jono/queue: the queue engine (ordering, wait estimates, time-slot allocation, opening hours,
// defer) and the simulator that measures how accurate the estimates are. Pure: time is an
// argument, nothing here reads a clock or does I/O.
export type {
  ArrivalForecast,
  DurationModel,
  OrderCandidate,
  OrderEstimate,
  Priority,
  QueueEstimate,
  QueueOrder,
  ServiceTimeEstimate,
  Calibration,
  CalibrationCell,
  ModelWait,
  RotaBarber,
  ShopQueueState,
  TravelModel,
  WaitRange,
} from './types';
export { PRIORITY_LEVELS } from './types';
export { compareQueueOrders, sortQueue } from './sort-queue';
export {
  buildDurationModel,
  DEFAULT_TYPICAL_PLANNED_MINUTES,
  EMPTY_DURATION_MODEL,
  expectedMinutes,
  keptRecords,
} from './duration-model';
export type { ServedOrder } from './duration-model';
export {
  MIN_REMAINING_MINUTES,
  PROBABLY_FINISHED_P95_FACTOR,
  probablyFinished,
  remainingMinutes,
} from './remaining-time';
export { probablyFinishedIds } from './forgotten-finish';
export { estimateNewcomers, estimateQueue, toWholeMinutes } from './estimate-queue';
export { DEFAULT_SAMPLES, SAMPLE_BUDGET, samplesFor, sampleWaits } from './wait-distribution';
export {
  calibrate,
  learnCalibration,
  MIN_CALIBRATION_RECORDS,
  WAIT_BUCKET_EDGES,
} from './calibration';
export type { EstimateRecord } from './calibration';
export { higherPriorityLoad, MAX_HIGHER_PRIORITY_LOAD, withArrivals } from './arrivals-ahead';
export { allocate, isClosingSoon } from './allocate';
export { listSchedule, orderMinutes } from './list-schedule';
export type { ListSchedule, ScheduledOrder } from './list-schedule';
export type { Allocation } from './allocate';
export {
  closingTime,
  isOpenAt,
  localDateHour,
  localTimeToEpoch,
  localWeekdayHour,
} from './opening-hours';
export type { OpenTime } from './opening-hours';
export { queueState, shopStatus } from './queue-state';
export type { QueueState, ShopStatus } from './queue-state';
export { deferOrder } from './defer-order';
export type { OrderChange } from './defer-order';
export { mulberry32 } from './sim/random';
export { busiestHistory } from './sim/busiest-history';
export {
  REPORT_BUCKET_EDGES,
  runScenario,
  scenarioResultOf,
  simulateScenario,
} from './sim/run-scenario';
export type { ErrorSummary, GroupFigures, RangeSummary, ScenarioResult } from './sim/run-scenario';
export { opensAtOf, simulateDay } from './sim/simulate-day';
export type {
  DayOptions,
  DayResult,
  JoinView,
  Outcome,
  Shown,
  SimHistory,
} from './sim/simulate-day';
export {
  BARBER_SCENARIOS,
  DEFAULT_SCENARIO,
  namedBarbersScenario,
  STANDARD_SCENARIOS,
} from './sim/scenario';
export type { OrderType, Scenario, SimBarber } from './sim/scenario';
export { AUDIT_CLASS_SCENARIOS, MEASURED_SCENARIOS } from './sim/audit-scenarios';
export {
  dayIntervals,
  figuresOf,
  formatVerdicts,
  judgeTargets,
  measureDays,
  RESAMPLES,
  TARGETS,
} from './sim/targets';
export type { DayOutcome, Figures, Interval, Verdict } from './sim/targets';
export type { ServiceFamily } from './sim/service-times';
export type { AccuracySummary } from './sim/metrics';
export { erlangC, erlangCMeanWait } from './sim/erlang-c';
export {
  ARRIVAL_WINDOW_DAYS,
  buildShopInputs,
  cancelChanceAfter,
  CALIBRATION_WINDOW_DAYS,
  DURATION_HISTORY_ORDERS,
  queueOrderOf,
  shopQueueState,
  waitAfterEstimate,
} from './shop-inputs';
export type { OrderRecord, ShopInputs, ShopRecords, ShownEstimate } from './shop-inputs';
export { accuracyTable, formatAccuracyTable, insideRange, rangeShown } from './accuracy';
export type { AccuracyRow, ShownOutcome } from './accuracy';
export {
  distanceKm,
  leaveAt,
  learnTravelFactor,
  readyTime,
  rejoinPlace,
  selfDefer,
  TRAVEL_SPEED_KMH,
  travelMinutes,
  waitBasis,
  waitBases,
  AHEAD_IDS_KEPT,
  waitChangeReason,
  waitChangeStale,
  waitShiftMinutes,
  withReadyAt,
} from './presence';
export type { SelfDeferResult, WaitBasis, WaitChangeReason, Whereabouts } from './presence';
export {
  applyAction,
  canSitNow,
  chairStates,
  decide,
  isWaitingState,
  nextShopStateChange,
  nextStateChange,
  nextToSit,
  orderState,
  REFUSALS,
  shopInvariantViolations,
  WAITING_STATES,
} from './state-model';
export type {
  Action as StateAction,
  ChairState,
  ChairStateKind,
  Decision,
  OrderFacts,
  OrderState,
  OrderStateKind,
  OrderStatus as OrderFactsStatus,
  PresenceBeforeStart,
  Refusal,
  WaitingStateKind,
} from './state-model';
export type { OnDuty } from './state-model';
export { awayTurns, mayServe, nextForBarber, nextPerChair } from './barber-eligibility';
export type { FreeChair, TiedOrderFacts } from './barber-eligibility';
export { barbersNeeded, oneTimeMeanWait } from './staffing';
