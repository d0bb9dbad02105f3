// Exercise 1 is checked by the compiler: its test compiles VisitCounter.swift in Swift 6 mode.

/// The module of exercise 1; its code is compiled by the test, not here.
enum Exercise01 {}
