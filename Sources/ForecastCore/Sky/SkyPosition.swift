import Foundation

/// Where the Sun and the Moon are, from low-precision series good to about
/// a hundredth of a degree for the Sun (the Astronomical Almanac's) and a
/// few hundredths for the Moon (Paul Schlyter's, "How to compute planetary
/// positions", with its main perturbations): enough for rise and set times
/// within a minute or two, with no table and no request.
enum SkyPosition {
    /// Right ascension and declination in degrees, and for the Moon its
    /// horizontal parallax (degrees) and ecliptic longitude.
    struct Equatorial {
        var rightAscension: Double
        var declination: Double
        var parallax: Double = 0
        var eclipticLongitude: Double
    }

    /// Days since 2000-01-01 12:00 UT (J2000.0).
    static func days(since date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 - 10_957.5
    }

    static func sun(at date: Date) -> Equatorial {
        let n = days(since: date)
        let meanLongitude = 280.460 + 0.9856474 * n
        let anomaly = (357.528 + 0.9856003 * n).radians
        let longitude = meanLongitude + 1.915 * sin(anomaly) + 0.020 * sin(2 * anomaly)
        let obliquity = (23.439 - 0.0000004 * n).radians
        let lambda = longitude.radians
        let rightAscension = atan2(cos(obliquity) * sin(lambda), cos(lambda)).degrees
        let declination = asin(sin(obliquity) * sin(lambda)).degrees
        return Equatorial(rightAscension: rightAscension.normalizedDegrees, declination: declination,
                          eclipticLongitude: longitude.normalizedDegrees)
    }

    static func moon(at date: Date) -> Equatorial {
        // Schlyter counts days from 2000 Jan 0.0 UT, one and a half days before J2000.0.
        let d = days(since: date) + 1.5
        let node = 125.1228 - 0.0529538083 * d
        let inclination = 5.1454
        let perigee = 318.0634 + 0.1643573223 * d
        let distance = 60.2666
        let eccentricity = 0.054900
        let anomaly = (115.3654 + 13.0649929509 * d).normalizedDegrees

        var eccentric = anomaly + eccentricity.degrees * sin(anomaly.radians) * (1 + eccentricity * cos(anomaly.radians))
        for _ in 0..<5 {
            eccentric -= (eccentric - eccentricity.degrees * sin(eccentric.radians) - anomaly) / (1 - eccentricity * cos(eccentric.radians))
        }
        let x = distance * (cos(eccentric.radians) - eccentricity)
        let y = distance * sqrt(1 - eccentricity * eccentricity) * sin(eccentric.radians)
        var radius = sqrt(x * x + y * y)
        let trueAnomaly = atan2(y, x).degrees

        let argument = (trueAnomaly + perigee).radians
        let (n, i) = (node.radians, inclination.radians)
        let xe = radius * (cos(n) * cos(argument) - sin(n) * sin(argument) * cos(i))
        let ye = radius * (sin(n) * cos(argument) + cos(n) * sin(argument) * cos(i))
        let ze = radius * sin(argument) * sin(i)
        var longitude = atan2(ye, xe).degrees
        var latitude = atan2(ze, sqrt(xe * xe + ye * ye)).degrees

        // The main perturbations, from the Sun's pull.
        let sunAnomaly = (356.0470 + 0.9856002585 * d).normalizedDegrees
        let sunLongitude = sunAnomaly + 282.9404 + 4.70935e-5 * d
        let moonLongitude = node + perigee + anomaly
        let elongation = (moonLongitude - sunLongitude).radians
        let latitudeArgument = (moonLongitude - node).radians
        let (m, ms, dd, f) = (anomaly.radians, sunAnomaly.radians, elongation, latitudeArgument)
        longitude += -1.274 * sin(m - 2 * dd) + 0.658 * sin(2 * dd) - 0.186 * sin(ms) - 0.059 * sin(2 * m - 2 * dd)
            - 0.057 * sin(m - 2 * dd + ms) + 0.053 * sin(m + 2 * dd) + 0.046 * sin(2 * dd - ms) + 0.041 * sin(m - ms)
            - 0.035 * sin(dd) - 0.031 * sin(m + ms) - 0.015 * sin(2 * f - 2 * dd) + 0.011 * sin(m - 4 * dd)
        latitude += -0.173 * sin(f - 2 * dd) - 0.055 * sin(m - f - 2 * dd) - 0.046 * sin(m + f - 2 * dd)
            + 0.033 * sin(f + 2 * dd) + 0.017 * sin(2 * m + f)
        radius += -0.58 * cos(m - 2 * dd) - 0.46 * cos(2 * dd)

        let obliquity = (23.4393 - 3.563e-7 * d).radians
        let (lon, lat) = (longitude.radians, latitude.radians)
        let xq = cos(lon) * cos(lat)
        let yq = sin(lon) * cos(lat) * cos(obliquity) - sin(lat) * sin(obliquity)
        let zq = sin(lon) * cos(lat) * sin(obliquity) + sin(lat) * cos(obliquity)
        return Equatorial(
            rightAscension: atan2(yq, xq).degrees.normalizedDegrees, declination: atan2(zq, sqrt(xq * xq + yq * yq)).degrees,
            parallax: asin(1 / radius).degrees, eclipticLongitude: longitude.normalizedDegrees)
    }

    /// The altitude (degrees) of a body at `position` seen from `latitude`,
    /// `longitude` at `date`, ignoring refraction and parallax.
    static func altitude(of position: Equatorial, latitude: Double, longitude: Double, at date: Date) -> Double {
        let siderealTime = 280.46061837 + 360.98564736629 * days(since: date)
        let hourAngle = (siderealTime + longitude - position.rightAscension).radians
        let (phi, delta) = (latitude.radians, position.declination.radians)
        return asin(sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(hourAngle)).degrees
    }
}

extension Double {
    var radians: Double { self * .pi / 180 }
    var degrees: Double { self * 180 / .pi }
    /// The same angle in 0..<360.
    var normalizedDegrees: Double {
        let value = truncatingRemainder(dividingBy: 360)
        return value < 0 ? value + 360 : value
    }
}
