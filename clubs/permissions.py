"""Who may do what in a club. Services enforce these rules; pages and the API ask the same
questions to decide which buttons to show."""

from dataclasses import dataclass

from .models import Club, JoinRequest, Membership


@dataclass(frozen=True)
class ClubAccess:
    """What one user (possibly anonymous) is to one club."""

    membership: Membership | None
    pending_request: JoinRequest | None = None

    @property
    def role(self) -> str | None:
        return self.membership.role if self.membership else None

    @property
    def is_member(self) -> bool:
        return self.membership is not None

    @property
    def is_director(self) -> bool:
        return self.membership is not None and self.membership.is_director

    @property
    def is_owner(self) -> bool:
        return self.membership is not None and self.membership.is_owner


def is_sole_owner(user, club: Club) -> bool:
    """Whether `user` (a user or their id) is the club's only owner: they may not leave, step
    down or be removed until another member is an owner."""
    owners = Membership.objects.filter(club=club, role=Membership.Role.OWNER)
    return owners.filter(user=user).exists() and not owners.exclude(user=user).exists()


def may_leave(access: ClubAccess, club: Club) -> bool:
    """A member may leave, except the club's only owner."""
    return access.is_member and not (
        access.is_owner and is_sole_owner(access.membership.user_id, club)
    )


def club_access(user, club: Club) -> ClubAccess:
    if user is None or not user.is_authenticated:
        return ClubAccess(membership=None)
    membership = Membership.objects.filter(club=club, user=user).first()
    pending = None
    if membership is None:
        pending = JoinRequest.objects.filter(
            club=club, user=user, status=JoinRequest.Status.PENDING
        ).first()
    return ClubAccess(membership=membership, pending_request=pending)


def is_director(user, club: Club) -> bool:
    return club_access(user, club).is_director


def is_member(user, club: Club) -> bool:
    return club_access(user, club).is_member
