// Exercise 11 is checked by the compiler: its test compiles Composer.swift in Swift 6 mode.

/// The module of exercise 11; its code is compiled by the test, not here.
enum Exercise11 {}
